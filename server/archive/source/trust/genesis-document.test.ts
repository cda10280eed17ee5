import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { readGenesis } from './genesis-reader.ts';

// A genesis too large for `/genesis` is read from `/genesis_chunked`, chunk by chunk, as CometBFT
// serves it; a node that keeps no chunks has no genesis to give (and is not asked again and again).

const DOCUMENT = JSON.stringify({
  genesis_time: '2026-01-01T00:00:00Z',
  chain_id: 'chunked-1',
  initial_height: '7',
  app_state: { group: { groups: [{ id: '1', admin: 'cosmos1admin', metadata: 'é'.repeat(50) }] } },
});

let server: Server | undefined;

afterEach(() => {
  server?.close();
  server = undefined;
});

function node(chunks: Buffer[] | 'none'): Promise<string> {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    response.writeHead(200, { 'content-type': 'application/json' });
    const error = (data: string) =>
      JSON.stringify({ jsonrpc: '2.0', id: -1, error: { code: -32603, message: 'Internal error', data } });
    if (url.pathname === '/genesis')
      return response.end(error('genesis response is large, please use the genesis_chunked API instead'));
    if (chunks === 'none') return response.end(error('service configuration error, there are no chunks'));
    const chunk = Number(url.searchParams.get('chunk') ?? '0');
    response.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: -1,
        result: { chunk: String(chunk), total: String(chunks.length), data: chunks[chunk].toString('base64') },
      }),
    );
  });
  return new Promise((resolve) =>
    server!.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`)),
  );
}

describe('a genesis served in chunks', () => {
  it('is put together from its chunks (split anywhere, even inside a character) and read', async () => {
    const bytes = Buffer.from(DOCUMENT, 'utf8');
    // Byte offsets: the second cut falls inside a two-byte "é".
    const cuts = [0, 40, bytes.indexOf(Buffer.from('é')) + 1, bytes.length];
    const rpc = await node(cuts.slice(1).map((end, index) => bytes.subarray(cuts[index], end)));
    const genesis = await readGenesis(rpc);
    expect(genesis?.chainId).toBe('chunked-1');
    expect(genesis?.initialHeight).toBe(7n);
    expect(genesis?.group.groups[0].metadata).toBe('é'.repeat(50));
  });

  it('is none when the node keeps no chunks of it', async () => {
    expect(await readGenesis(await node('none'))).toBeNull();
  });
});
