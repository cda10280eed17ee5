// Retention figures for the large scenario: memory per kept height, block production time with
// and without retention, and a pinned read's latency against a latest read's. Prints figures.

import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createPolityServer } from '../node/gateway/http/http-server.ts';
import { QueryService } from '../node/queries/query-service.ts';
import { ChainNode } from '../node/sim/chain-node.ts';
import { DEFAULT_KEEP_RECENT } from '../node/sim/node-options.ts';

const gc = (globalThis as { gc?: () => void }).gc;
const heapNow = () => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const BLOCKS = DEFAULT_KEEP_RECENT + 20;

/** Headers as chains begun before proofs have them: no store trees, no signatures. */
type Headers = 'signed' | 'before proofs';

function openLarge(keepRecent: number, headers: Headers): ChainNode {
  return ChainNode.open({
    seed: 'bench',
    genesisTime: Date.parse('2026-11-01T00:00:00Z'),
    scenario: 'large',
    livePeriodS: 600,
    keepRecent,
    ...(headers === 'before proofs' ? { blockHashes: 'cometbft' } : {}),
  });
}

/** Produces BLOCKS blocks after a warm-up; returns the per-block production times (ms), sorted. */
function produce(node: ChainNode): number[] {
  for (let i = 0; i < 30; i++) node.produceBlock(node.time + 5000);
  const times: number[] = [];
  for (let i = 0; i < BLOCKS; i++) {
    const started = performance.now();
    node.produceBlock(node.time + 5000);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

function get(agent: Agent, port: number, path: string, height?: bigint): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers = height === undefined ? {} : { 'x-cosmos-block-height': String(height) };
    const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(path))));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Builds the large state with the given window and produces blocks: heap of the node, growth, timings. */
function measure(
  keepRecent: number,
  headers: Headers = 'signed',
): { node: ChainNode; heap: number; growth: number; times: number[]; startMs: number } {
  const before = heapNow();
  const started = performance.now();
  const node = openLarge(keepRecent, headers);
  const startMs = performance.now() - started;
  const built = heapNow();
  const times = produce(node);
  const after = heapNow();
  return { node, heap: after - before, growth: after - built, times, startMs };
}

/**
 * Memory per kept height (the heap growth over BLOCKS blocks with the window, less that without
 * it) and the start of the state without the window.
 */
function perKeptHeight(headers: Headers): { perHeight: number; startMs: number } {
  const without = measure(0, headers);
  gc?.();
  const perHeight = (measure(DEFAULT_KEEP_RECENT, headers).growth - without.growth) / DEFAULT_KEEP_RECENT;
  return { perHeight, startMs: without.startMs };
}

export async function retentionBench(): Promise<void> {
  console.log(`retention (large scenario, ${BLOCKS} live blocks each way)`);
  // First as a chain begun before proofs (no store trees): what a kept height cost then.
  const beforeProofs = perKeptHeight('before proofs');
  gc?.();
  const { heap: offHeap, growth: offGrowth, times: off, startMs } = measure(0);
  console.log(
    `  start of the state       ${(startMs / 1000).toFixed(1)} s   (before proofs ${(beforeProofs.startMs / 1000).toFixed(1)} s)`,
  );
  gc?.();
  const { node, heap: onHeap, growth: onGrowth, times: on } = measure(DEFAULT_KEEP_RECENT);
  const perHeight = (onGrowth - offGrowth) / DEFAULT_KEEP_RECENT;
  console.log(`  node heap, no retention  ${mb(offHeap)}`);
  console.log(
    `  node heap, keep-recent ${DEFAULT_KEEP_RECENT} ${mb(onHeap)}   ` +
      `(+${((onHeap / offHeap - 1) * 100).toFixed(1)} %, goal <= 25 %)`,
  );
  console.log(
    `  memory per kept height   ${mb(perHeight)}   (before proofs ${mb(beforeProofs.perHeight)}, ` +
      `ratio ${(perHeight / beforeProofs.perHeight).toFixed(2)}, budget <= 2)`,
  );
  const p50Off = pct(off, 50);
  const p50On = pct(on, 50);
  console.log(
    `  block production p50     off ${p50Off.toFixed(2)} ms   on ${p50On.toFixed(2)} ms   ` +
      `ratio ${(p50On / p50Off).toFixed(2)} (goal <= 1.2)`,
  );

  const server = createPolityServer({ queries: new QueryService(node, 'extended') });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const path = `/cosmos/group/v1/votes_by_proposal/${node.cast.proposals.largeMillion}?pagination.limit=100&pagination.offset=500000`;
  const pinnedHeight = node.height - BigInt(DEFAULT_KEEP_RECENT / 2);
  const latest: number[] = [];
  const pinned: number[] = [];
  for (let i = 0; i < 2200; i++) {
    const a = await get(agent, port, path);
    const b = await get(agent, port, path, pinnedHeight);
    if (i >= 200) {
      latest.push(a);
      pinned.push(b);
    }
  }
  latest.sort((x, y) => x - y);
  pinned.sort((x, y) => x - y);
  console.log(
    `  read p50 (1M votes, offset 500k)   latest ${pct(latest, 50).toFixed(3)} ms   pinned ${pct(pinned, 50).toFixed(3)} ms   ` +
      `ratio ${(pct(pinned, 50) / pct(latest, 50)).toFixed(2)} (goal <= 1.5)`,
  );
  agent.destroy();
  server.closeAllConnections();
  server.close();
}
