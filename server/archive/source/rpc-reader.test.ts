import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, describe, expect, it } from 'vitest';

import { RpcReader } from './rpc-reader.ts';

// A node that answers a JSON-RPC batch with `200 []` — every id missing — must not leave the
// reader waiting forever: each request has a deadline, and its failure is an error to retry and
// to show, never silence.

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('[]');
  });
});
const listening = new Promise<string>((resolve) =>
  server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a batch answered with no answers', () => {
  it('fails the read within its deadline, saying so', async () => {
    const reader = await RpcReader.connect(await listening, 200);
    const started = Date.now();
    // Each request the answer left out fails at once, named; asked again until the deadline.
    await expect(reader.block(5n)).rejects.toThrow(/held 0 answers and left out block(_results)? \{"height":"5"\}/);
    expect(Date.now() - started).toBeLessThan(20_000);
    reader.disconnect();
  });
});

/** A node whose index lies: JSON-RPC answers made up per method and page. */
function lyingIndex(answer: (method: string, page: number, params: Record<string, string>) => unknown) {
  const lying = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      type Call = { id: string; method: string; params: Record<string, string> };
      const calls = JSON.parse(body) as Call[] | Call;
      const list = Array.isArray(calls) ? calls : [calls];
      const answers = list.map((call) => ({
        jsonrpc: '2.0',
        id: call.id,
        result: answer(call.method, Number(call.params.page), call.params),
      }));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(Array.isArray(calls) ? answers : answers[0]));
    });
  });
  const base = new Promise<string>((resolve) =>
    lying.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(lying.address() as AddressInfo).port}`)),
  );
  return { base, close: () => new Promise<void>((resolve) => lying.close(() => resolve())) };
}

const blockAt = (height: number) => ({ block: { header: { height: String(height) } } });

/** A `/blockchain` answer for the heights asked, highest first, each block holding `perBlock` transactions. */
const headersHolding = (perBlock: number, params: Record<string, string>) => {
  const [min, max] = [Number(params.minHeight), Number(params.maxHeight)];
  const heights = Array.from({ length: max - min + 1 }, (_, at) => String(max - at));
  return { block_metas: heights.map((height) => ({ header: { height }, num_txs: String(perBlock) })) };
};

describe('an index whose totals or pages cannot be true', () => {
  it('refuses a block_search claiming more blocks than the heights asked hold, at once', async () => {
    const node = lyingIndex(() => ({ total_count: '9000000000000000', blocks: [blockAt(10)] }));
    const reader = await RpcReader.connect(await node.base, 2000);
    await expect(
      reader.searchHeights('block', 'block.height>=10 AND block.height<=20 AND x.y EXISTS', { from: 10n, to: 20n }),
    ).rejects.toThrow("the node's block_search claims 9000000000000000 blocks between heights 10 and 20");
    reader.disconnect();
    await node.close();
  });

  it('refuses pages that go back, repeat or leave the range, instead of paging for ever', async () => {
    // Every page is the first one again: full, in range, and going nowhere (a total the headers allow).
    const node = lyingIndex((method, _page, params) =>
      method === 'blockchain'
        ? headersHolding(100, params)
        : {
            total_count: '300',
            txs: Array.from({ length: 100 }, (_, index) => ({ height: String(10 + Math.floor(index / 20)), index })),
          },
    );
    const reader = await RpcReader.connect(await node.base, 2000);
    await expect(
      reader.searchHeights('tx', "tx.height>=10 AND tx.height<=20 AND message.module='group'", { from: 10n, to: 20n }),
    ).rejects.toThrow(/tx_search page 2 gives height 10 out of order or outside 10-20/);
    reader.disconnect();
    await node.close();
  });

  it('refuses a tx_search claiming more transactions than the headers of the heights asked hold', async () => {
    // Full pages that only go forward, then stay at the range's end: paged, they would never end.
    const node = lyingIndex((method, page, params) => {
      if (method === 'blockchain') return headersHolding(2, params);
      const height = String(Math.min(20, 9 + page));
      return { total_count: '9000000000000000', txs: Array.from({ length: 100 }, (_, index) => ({ height, index })) };
    });
    const reader = await RpcReader.connect(await node.base, 2000);
    await expect(
      reader.searchHeights('tx', "tx.height>=10 AND tx.height<=20 AND message.module='group'", { from: 10n, to: 20n }),
    ).rejects.toThrow(
      "the node's tx_search claims 9000000000000000 transactions between heights 10 and 20, whose headers hold 22",
    );
    reader.disconnect();
    await node.close();
  });

  it('refuses a page that gives one transaction twice', async () => {
    const node = lyingIndex(() => ({
      total_count: '3',
      txs: [10, 11, 11].map((height) => ({ height: String(height), index: 0 })),
    }));
    const reader = await RpcReader.connect(await node.base, 2000);
    await expect(
      reader.searchHeights('tx', "tx.height>=10 AND tx.height<=20 AND message.module='group'", { from: 10n, to: 20n }),
    ).rejects.toThrow(/tx_search page 1 gives height 11 out of order or outside 10-20/);
    reader.disconnect();
    await node.close();
  });
});
