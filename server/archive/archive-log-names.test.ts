import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, describe, expect, it } from 'vitest';

import { startHarness } from '../test/harness.ts';
import { ArchiveRegistry } from './archive-registry.ts';

// A server keeps the local chain's archive and an upstream's side by side, both logging to one
// console: each line says which archive it is about.

/** A CometBFT RPC of a chain with no block yet: the archives open and wait, logging as they go. */
const node = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const calls = JSON.parse(body) as { id: string } | { id: string }[];
    const answer = (call: { id: string }) => ({
      jsonrpc: '2.0',
      id: call.id,
      result: {
        node_info: { network: 'hub-1' },
        sync_info: { latest_block_hash: '', latest_block_height: '0', earliest_block_height: '0' },
      },
    });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
  });
});
const listening = new Promise<string>((resolve) =>
  node.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(node.address() as AddressInfo).port}`)),
);

const registry = new ArchiveRegistry();
afterAll(async () => {
  await registry.closeAll();
  await new Promise<void>((resolve) => node.close(() => resolve()));
});

describe('the archives of one server', () => {
  it('name themselves in every line they log: the local one "local", an upstream by its name', async () => {
    const base = await listening;
    const lines: string[] = [];
    const config = {
      database: ':memory:',
      rest: base,
      rpc: base,
      batch: 16,
      pollMs: 10,
      fillGaps: false,
      trust: null,
      log: (line: string) => lines.push(line),
    };
    await Promise.all([registry.open('', config), registry.open('hub', config)]);
    const deadline = Date.now() + 20_000;
    while (lines.filter((line) => /no block yet/.test(line)).length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));

    expect(lines.filter((line) => /no block yet/.test(line)).sort()).toEqual([
      'archive hub: the chain has no block yet: waiting for its first',
      'archive local: the chain has no block yet: waiting for its first',
    ]);
    expect(lines).toContain(`archive hub: PGlite in :memory:, following ${base}`);
    expect(lines.filter((line) => !/^archive (local|hub): /.test(line))).toEqual([]);
  }, 30_000);

  it("name themselves in their webhooks' lines too", async () => {
    const h = await startHarness({ seed: 'log-names' });
    h.node.advance(2, 3000);
    const lines: string[] = [];
    const webhooks = {
      // Nothing listens there: nothing needs to, the lines about it are what is looked at.
      urls: ['http://127.0.0.1:9/hook'],
      secret: null,
      timeoutMs: 1000,
      retry: { firstMs: 100, maxMs: 200 },
      pollMs: 20,
      leaseMs: 30_000,
      claimMs: 10_000,
    };
    const archives = new ArchiveRegistry();
    try {
      await archives.open('hub', {
        database: ':memory:',
        rest: h.base,
        rpc: `${h.base}/rpc`,
        batch: 16,
        pollMs: 10,
        fillGaps: false,
        trust: null,
        webhooks,
        log: (line: string) => lines.push(line),
      });
      const webhookLines = () => lines.filter((line) => /webhook http:\/\/127\.0\.0\.1:9\//.test(line));
      // "first configured: …", then "this process delivers".
      const deadline = Date.now() + 60_000;
      while (webhookLines().length < 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(webhookLines().length).toBeGreaterThan(1);
      for (const line of webhookLines()) expect(line).toMatch(/^archive hub: webhook http:\/\/127\.0\.0\.1:9\//);
    } finally {
      await archives.closeAll();
      await h.close();
    }
  }, 120_000);
});
