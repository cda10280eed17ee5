// npm run bench: builds the large scenario, then measures page latency at 1k and 1M votes and
// throughput under 64 concurrent connections. Prints figures; asserts nothing.

import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createPolityServer } from '../node/gateway/http/http-server.ts';
import { QueryService } from '../node/queries/query-service.ts';
import { LARGE } from '../node/sim/activity/scale.ts';
import { ChainNode } from '../node/sim/chain-node.ts';
import { archiveBench } from './archive-bench.ts';
import { attackBench } from './attack-bench.ts';
import { bundleBench } from './bundle-bench.ts';
import { chainStartupBench } from './chain-startup.ts';
import { proofBench, proofFigures } from './proof-bench.ts';
import { retentionBench } from './retention.ts';

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

function get(agent: Agent, port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Alternates requests to the two proposals so both are measured under the same conditions (JIT
 * state, garbage collection, CPU caches), each page seeking to a different next_key.
 */
async function latency(port: number, targets: { id: bigint; keys: string[] }[], samples: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[][] = targets.map(() => []);
  for (let i = 0; i < samples + 200; i++) {
    for (let t = 0; t < targets.length; t++) {
      const { id, keys } = targets[t];
      const key = encodeURIComponent(keys[(i * 7919) % keys.length]);
      const t0 = performance.now();
      const r = await get(
        agent,
        port,
        `/cosmos/group/v1/votes_by_proposal/${id}?pagination.limit=100&pagination.key=${key}`,
      );
      const dt = performance.now() - t0;
      if (r.status !== 200) throw new Error(r.body);
      if (i >= 200) times[t].push(dt); // the first 200 rounds warm the JIT
    }
  }
  agent.destroy();
  return times.map((ts) => {
    ts.sort((a, b) => a - b);
    return { p50: pct(ts, 50), p99: pct(ts, 99) };
  });
}

function autocannon(
  url: string,
  connections: number,
  seconds: number,
  headers: string[] = [],
): Promise<{ rps: number; p99: number; non2xx: number }> {
  return new Promise((resolve, reject) => {
    const headerArgs = headers.flatMap((header) => ['-H', header]);
    const child = spawn(
      process.execPath,
      [
        'node_modules/autocannon/autocannon.js',
        '-j',
        '-c',
        String(connections),
        '-d',
        String(seconds),
        ...headerArgs,
        url,
      ],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', () => {
      try {
        const j = JSON.parse(out) as { requests: { average: number }; latency: { p99: number }; non2xx: number };
        resolve({ rps: j.requests.average, p99: j.latency.p99, non2xx: j.non2xx });
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}

async function main() {
  gc?.();
  const before = process.memoryUsage();
  const t0 = performance.now();
  const node = ChainNode.open({
    seed: 'bench',
    genesisTime: Date.parse('2026-11-01T00:00:00Z'),
    scenario: 'large',
    livePeriodS: 600,
  });
  const buildMs = performance.now() - t0;
  gc?.();
  const after = process.memoryUsage();
  console.log(
    `large state: ${LARGE.members.toLocaleString('en')} members, ${LARGE.votes.toLocaleString('en')} votes on one proposal`,
  );
  console.log(`  build time            ${(buildMs / 1000).toFixed(1)} s`);
  console.log(`  memory (after GC)     heap ${mb(after.heapUsed - before.heapUsed)} more, rss ${mb(after.rss)}`);

  const server = createPolityServer({ queries: new QueryService(node, 'extended') });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;

  const rowKeys = (id: bigint) => {
    const t = node.group.store.votesOf(id);
    const keys: string[] = [];
    for (let i = 0; i < t.size; i += Math.max(1, Math.floor(t.size / 5000)))
      keys.push(Buffer.from(t.keyAt(i), 'latin1').toString('base64'));
    return keys;
  };
  const [small, big] = await latency(
    port,
    [
      { id: node.cast.proposals.largeThousand, keys: rowKeys(node.cast.proposals.largeThousand) },
      { id: node.cast.proposals.largeMillion, keys: rowKeys(node.cast.proposals.largeMillion) },
    ],
    3000,
  );
  console.log(
    'page latency, votes_by_proposal, 100 votes a page, seeking by next_key (3,000 requests each, alternating, one connection)',
  );
  console.log(`  1k votes              p50 ${small.p50.toFixed(3)} ms   p99 ${small.p99.toFixed(3)} ms`);
  console.log(`  1M votes              p50 ${big.p50.toFixed(3)} ms   p99 ${big.p99.toFixed(3)} ms`);
  console.log(
    `  ratio 1M/1k           p50 ${(big.p50 / small.p50).toFixed(2)}   p99 ${(big.p99 / small.p99).toFixed(2)}   (goal <= 1.5)`,
  );

  const mid = encodeURIComponent(rowKeys(node.cast.proposals.largeMillion)[2500]);
  for (const limit of [10, 100]) {
    const url = `http://127.0.0.1:${port}/cosmos/group/v1/votes_by_proposal/${node.cast.proposals.largeMillion}?pagination.limit=${limit}&pagination.key=${mid}`;
    const r = await autocannon(url, 64, 10);
    console.log(
      `throughput, 64 connections, 10 s, limit ${String(limit).padEnd(3)} ${Math.round(r.rps).toLocaleString('en')} req/s   p99 ${r.p99} ms   non-2xx ${r.non2xx}   (goal >= 5,000)`,
    );
  }
  // The paginated votes query with count_total, compressed as a browser asks for it, three runs.
  const counted = `http://127.0.0.1:${port}/cosmos/group/v1/votes_by_proposal/${node.cast.proposals.largeMillion}?pagination.limit=100&pagination.count_total=true&pagination.offset=500000`;
  const runs = [];
  for (let run = 0; run < 3; run++) runs.push(await autocannon(counted, 64, 10, ['accept-encoding=gzip, br']));
  const rates = runs.map((result) => result.rps).sort((a, b) => a - b);
  const p99s = runs.map((result) => result.p99).sort((a, b) => a - b);
  console.log(
    `throughput, votes with count_total, gzip/br, 64 connections, 3 × 10 s: req/s min ${Math.round(rates[0]).toLocaleString('en')} ` +
      `median ${Math.round(rates[1]).toLocaleString('en')} max ${Math.round(rates[2]).toLocaleString('en')}   ` +
      `p99 ${p99s[0]}–${p99s[2]} ms   non-2xx ${runs.reduce((sum, result) => sum + result.non2xx, 0)}   (goal >= 5,000, p99 <= 100 ms)`,
  );
  server.closeAllConnections();
  server.close();
  proofFigures(node, 'large', buildMs);
  proofBench('demo');
}

// POLITY_BENCH_ONLY=node runs the node's figures alone (catch-up and latency: the archive's halves);
// POLITY_BENCH_ONLY=attacks only the timed fuzz set; POLITY_BENCH_ONLY=startup only the start-up
// with three registry chains (npm run bench:startup).
const only = process.env.POLITY_BENCH_ONLY;
async function figures(): Promise<void> {
  if (only === 'startup') return chainStartupBench();
  if (only !== 'attacks') await main();
  await attackBench();
  if (only === 'attacks') return;
  await chainStartupBench();
  if (only === 'node') return;
  await retentionBench();
  await archiveBench();
  await bundleBench();
}

figures().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
