import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../../test/render.tsx';
import { medianBlockMs } from './block-estimate.ts';
import { blockQueries, fetchChainHead, fetchLatestBlock, fetchRecentBlocks, type RecentBlocks } from './block-times.ts';

const START = Date.UTC(2026, 10, 24, 11, 0, 0);
/** Block `height`'s header, one every `ms` from height 1000 at START. */
const header = (height: number, ms = 2000) => ({
  height: String(height),
  time: new Date(START + (height - 1000) * ms).toISOString(),
});
const notImplemented = () => jsonResponse({ code: 12, message: 'Not Implemented', details: [] }, 501);

/** A fetch that answers through `answer`, "not implemented" for anything it leaves out; returns the paths asked. */
function stubFetch(answer: (url: URL) => Response | undefined): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      asked.push(`${url.pathname}${url.search}`);
      return answer(url) ?? notImplemented();
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('reading recent block times', () => {
  it('uses the RPC under /rpc/ where the REST block service is not served (the embedded chain)', async () => {
    const asked = stubFetch((url) => {
      if (url.pathname === '/rpc/status')
        return jsonResponse({
          result: { sync_info: { latest_block_height: '1019', latest_block_time: header(1019).time } },
        });
      if (url.pathname === '/rpc/blockchain') {
        const [min, max] = [Number(url.searchParams.get('minHeight')), Number(url.searchParams.get('maxHeight'))];
        const metas = Array.from({ length: max - min + 1 }, (_, index) => ({ header: header(max - index) }));
        return jsonResponse({ result: { last_height: String(max), block_metas: metas } });
      }
      return undefined;
    });
    const recent = await fetchRecentBlocks('http://embedded.test', 20);
    expect(recent?.source).toBe('rpc');
    expect(recent?.stamps).toHaveLength(20);
    expect(medianBlockMs(recent?.stamps ?? [])).toEqual({ msPerBlock: 2000, blocks: 20 });
    expect(asked).toContain('/rpc/blockchain?minHeight=1000&maxHeight=1019');
  });

  it('reads the REST block service of any SDK node, block by block, without trying the RPC', async () => {
    const asked = stubFetch((url) => {
      const match = /^\/cosmos\/base\/tendermint\/v1beta1\/blocks\/(\w+)$/.exec(url.pathname);
      if (!match) return undefined;
      const height = match[1] === 'latest' ? 1019 : Number(match[1]);
      return jsonResponse({ block: { header: header(height, 6000) }, sdk_block: { header: header(height, 6000) } });
    });
    const recent = await fetchRecentBlocks('http://sdk-node.test', 20);
    expect(recent?.source).toBe('rest');
    expect(medianBlockMs(recent?.stamps ?? [])).toEqual({ msPerBlock: 6000, blocks: 20 });
    expect(asked.filter((path) => path.startsWith('/rpc'))).toEqual([]);
  });

  it('gives null where neither is served, and the head then comes from the height header', async () => {
    stubFetch((url) =>
      url.pathname === '/cosmos/upgrade/v1beta1/current_plan'
        ? jsonResponse({ plan: null }, 200, { 'x-cosmos-block-height': '777' })
        : undefined,
    );
    expect(await fetchRecentBlocks('http://plain.test', 20)).toBeNull();
    expect(await fetchChainHead('http://plain.test')).toMatchObject({
      height: '777',
      time: null,
      source: 'height header',
    });
  });
});

describe('finding which service tells the newest block', () => {
  it("asks once for callers that come at the same time (the upgrades page's head and its pace)", async () => {
    const asked = stubFetch((url) =>
      url.pathname === '/cosmos/base/tendermint/v1beta1/blocks/latest'
        ? jsonResponse({ sdk_block: { header: header(1019) } })
        : undefined,
    );
    const [head, recent] = await Promise.all([
      fetchLatestBlock('http://together.test'),
      fetchLatestBlock('http://together.test'),
    ]);
    expect(head?.latest.height).toBe('1019');
    expect(recent?.latest.height).toBe('1019');
    expect(asked.filter((path) => path.endsWith('/blocks/latest'))).toHaveLength(1);
  });

  it('lets one caller give up without failing the others', async () => {
    stubFetch((url) =>
      url.pathname === '/rpc/status'
        ? jsonResponse({ result: { sync_info: { latest_block_height: '1019', latest_block_time: header(1019).time } } })
        : undefined,
    );
    const leaving = new AbortController();
    const first = fetchLatestBlock('http://leaving.test', leaving.signal);
    const second = fetchLatestBlock('http://leaving.test');
    leaving.abort();
    await expect(first).rejects.toThrow();
    expect((await second)?.source).toBe('rpc');
  });
});

describe('when recent block times are read again', () => {
  const interval = blockQueries.recentTimes('http://node.example').refetchInterval as (query: {
    state: { status: 'pending' | 'error' | 'success'; data?: RecentBlocks | null };
  }) => number | false;
  const stamps = (count: number) => Array.from({ length: count }, (_, index) => header(1000 + index));

  it('soon on a chain with too few blocks to measure (just started), every few minutes once measured', () => {
    expect(interval({ state: { status: 'success', data: { source: 'rpc', stamps: stamps(2) } } })).toBe(10_000);
    expect(interval({ state: { status: 'success', data: { source: 'rpc', stamps: stamps(20) } } })).toBe(300_000);
  });

  it('not at all while the read fails (the healing asks again, with backoff)', () => {
    expect(interval({ state: { status: 'error', data: { source: 'rpc', stamps: stamps(2) } } })).toBe(false);
  });
});
