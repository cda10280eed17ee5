import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../test/render.tsx';
import { probeEndpoint } from './endpoint-probe.ts';

afterEach(() => vi.unstubAllGlobals());

/** fetch answering by path (after any prefix), with a canned Response or a thrown error. */
function stubFetch(answer: (path: string) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://polity.test');
      return answer(url.pathname.replace(/^\/upstream\/[\w-]+/, ''));
    }),
  );
}

const versions = jsonResponse({ module_versions: [{ name: 'group', version: '2' }] }, 200, {
  'x-cosmos-block-height': '518417',
});
const notImplemented = () => jsonResponse({ code: 12, message: 'Not Implemented', details: [] }, 501);

describe('probing an endpoint before switching to it', () => {
  it('takes the height from the header where the node serves no block service (Polity behind a proxy)', async () => {
    stubFetch((path) => (path === '/cosmos/upgrade/v1beta1/module_versions' ? versions.clone() : notImplemented()));
    expect(await probeEndpoint('/upstream/compat')).toEqual({
      ok: true,
      endpoint: '/upstream/compat',
      chainId: null,
      height: '518417',
    });
  });

  it("asks this server's RPC for the chain id", async () => {
    stubFetch((path) => {
      if (path === '/cosmos/upgrade/v1beta1/module_versions') return versions.clone();
      if (path === '/rpc/status')
        return jsonResponse({
          result: { node_info: { network: 'polity-polity' }, sync_info: { latest_block_height: '518420' } },
        });
      return notImplemented();
    });
    expect(await probeEndpoint('')).toMatchObject({ ok: true, chainId: 'polity-polity', height: '518420' });
  });

  it('calls a web page that answers every path "not a Cosmos node"', async () => {
    stubFetch(() => new Response('<!doctype html><title>Hello</title>', { status: 200 }));
    expect(await probeEndpoint('https://www.example.org')).toMatchObject({ ok: false, kind: 'not-cosmos' });
  });

  it('accepts a chain without x/upgrade when x/group answers', async () => {
    stubFetch((path) =>
      path === '/cosmos/group/v1/groups' ? jsonResponse({ groups: [], pagination: null }) : notImplemented(),
    );
    expect(await probeEndpoint('https://rest.example.org')).toMatchObject({ ok: true, chainId: null });
  });

  it('tells a proxy whose node is down from a proxy that is not there', async () => {
    stubFetch(() => jsonResponse({ code: 14, message: 'upstream unreachable', details: [] }, 502));
    expect(await probeEndpoint('/upstream/hub')).toMatchObject({ ok: false, kind: 'proxy-unreachable' });
  });

  it('gives up on a node that does not answer within the probe timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    expect(await probeEndpoint('https://slow.example.org', { timeoutMs: 50 })).toMatchObject({
      ok: false,
      kind: 'timeout',
    });
  });
});
