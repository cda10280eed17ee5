// Backfill figures: an archive started on a node that already holds a long, mostly quiet history
// (live activity in one block of every 100, as on a chain where x/group is used now and then),
// read through the node's index and, for comparison, block by block. The history is the embedded
// chain's own (demo scenario, 2 s blocks, quick policies of 60 s), made in memory and served over
// HTTP in this process; the follower runs compiled in a process of its own from a new database.

import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

import { DEFAULT_BATCH } from '../archive/follower/follower.ts';
import { ActivityIndex } from '../archive/source/activity-index.ts';
import { RpcReader } from '../archive/source/rpc-reader.ts';
import { createPolityServer } from '../node/gateway/http/http-server.ts';
import { QueryService } from '../node/queries/query-service.ts';
import { ChainNode } from '../node/sim/chain-node.ts';
import { createDatabase, dropDatabase } from '../test/postgres-admin.ts';

/** POLITY_BENCH_HISTORY=N: a history of N blocks instead (to see rate and memory against length). */
const HISTORY_BLOCKS = Number(process.env.POLITY_BENCH_HISTORY ?? 100_000);
const LIVE_EVERY = 100;
const COMPILED_FOLLOWER = fileURLToPath(new URL('../../dist-server/follower-process.mjs', import.meta.url));

// POLITY_BENCH_INDEX_RUNS=1: one run of each, while working on one of them.
const INDEX_RUNS = Number(process.env.POLITY_BENCH_INDEX_RUNS ?? 3);

const MODE_WORDS: Record<Mode, string> = {
  index: 'through the index         ',
  'index-verified': 'through the index, proven ',
  'every-block': 'every block               ',
};

/** One figure, or the median of several with their range. */
function spread(values: number[], digits = 0): string {
  const shown = [...values]
    .sort((a, b) => a - b)
    .map((value) => value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  if (shown.length === 1) return shown[0];
  return `median ${shown[Math.floor(shown.length / 2)]} (${shown[0]}–${shown[shown.length - 1]})`;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

type Mode = 'index' | 'index-verified' | 'every-block';

interface Figures {
  /** With proofs: until the prover has been through every record. */
  provenSeconds: number;
  seconds: number;
  blocks: number;
  votes: number;
  peakRssMb: number;
}

function followerRun(base: string, database: string, mode: Mode): Promise<Figures> {
  // FOLLOWER_PROF=1: a CPU profile of the follower in /tmp/prof-follower, to see where a run goes.
  const profile = process.env.FOLLOWER_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof-follower'] : [];
  const child = spawn(
    process.execPath,
    [...profile, COMPILED_FOLLOWER, base, `${base}/rpc`, database, String(DEFAULT_BATCH), mode],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output.trim().split('\n').pop() ?? '{}') as Figures)
        : reject(new Error(`follower process exited with ${code}`)),
    ),
  );
}

async function freshDatabase(kind: 'PGlite' | 'PostgreSQL', pgUrl: string | undefined, label: string) {
  if (kind === 'PGlite') {
    const dir = `/tmp/polity-backfill-bench-${label}-${process.pid}`;
    rmSync(dir, { recursive: true, force: true });
    return { database: dir, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const database = await createDatabase(pgUrl!, `polity_backfill_${label}_${process.pid}`);
  return { database, drop: () => dropDatabase(database) };
}

export async function backfillBench(pgUrl: string | undefined): Promise<void> {
  const made = performance.now();
  const node = ChainNode.open({
    seed: 'backfill-bench',
    genesisTime: Date.parse('2026-09-01T00:00:00Z'),
    scenario: 'demo',
    livePeriodS: 60,
    keepRecent: HISTORY_BLOCKS + 10,
    keepBlocks: HISTORY_BLOCKS + 10,
    liveEvery: LIVE_EVERY,
  });
  node.advance(HISTORY_BLOCKS, 2000);
  const server = createPolityServer({ queries: new QueryService(node, 'extended'), blocks: node });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // What the history holds, as the node's index tells it: the blocks a backfill through it reads.
  const rpc = await RpcReader.connect(`${base}/rpc`);
  const status = await rpc.status();
  const active = (await new ActivityIndex(rpc).heights(status.earliestHeight, status.latestHeight))?.length ?? 0;
  rpc.disconnect();
  console.log(
    `  backfill: a history of ${HISTORY_BLOCKS.toLocaleString('en')} blocks, live activity in 1 of ${LIVE_EVERY} ` +
      `(${active.toLocaleString('en')} blocks with x/group, x/upgrade or x/gov activity in the node's index) ` +
      `(made in ${((performance.now() - made) / 1000).toFixed(1)} s); goals: through the index >= 20,000 blocks/s ` +
      `on PostgreSQL, >= 10,000 on PGlite; every block >= 1,000 on PostgreSQL; follower RSS <= 300 MB`,
  );
  const kinds: ('PGlite' | 'PostgreSQL')[] = pgUrl ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
  // POLITY_BENCH_RUNS=PostgreSQL:index,PGlite:index: only those runs, while working on one of them.
  const only = process.env.POLITY_BENCH_RUNS?.split(',');
  for (const kind of kinds) {
    for (const mode of ['index', 'index-verified', 'every-block'] as const) {
      if (only && !only.includes(`${kind}:${mode}`)) continue;
      // Through the index a run takes seconds, and one run on a shared 2-core machine can be 30 %
      // off: three, from new databases, median and range. Block by block, one (it takes minutes).
      const runs: Figures[] = [];
      for (let run = 0; run < (mode === 'every-block' ? 1 : INDEX_RUNS); run++) {
        const fresh = await freshDatabase(kind, pgUrl, mode.replace('-', '_'));
        try {
          runs.push(await followerRun(base, fresh.database, mode));
        } finally {
          await fresh.drop();
        }
      }
      const [first] = runs;
      console.log(
        `    ${kind.padEnd(10)} ${MODE_WORDS[mode]}  ` +
          `${spread(runs.map((run) => run.blocks / run.seconds))} blocks/s effective ` +
          `(${first.blocks.toLocaleString('en')} blocks, ${first.votes.toLocaleString('en')} votes, ` +
          `${spread(
            runs.map((run) => run.seconds),
            1,
          )} s), follower peak RSS ${spread(runs.map((run) => run.peakRssMb))} MB` +
          (mode === 'index-verified'
            ? `; every record proven after ${spread(
                runs.map((run) => run.provenSeconds),
                1,
              )} s (${spread(runs.map((run) => run.blocks / run.provenSeconds))} blocks/s)`
            : ''),
      );
      if (mode === 'index-verified' && kind === 'PostgreSQL') {
        const rate = median(runs.map((run) => run.blocks / run.seconds));
        const provenRate = median(runs.map((run) => run.blocks / run.provenSeconds));
        console.log(
          `    budget: backfill with completeness proofs >= 10,000 blocks/s into PostgreSQL → ${rate >= 10_000 ? 'within' : 'OVER'} ` +
            `(merged ${Math.round(rate).toLocaleString('en')} blocks/s; every record and set proven at ${Math.round(provenRate).toLocaleString('en')} blocks/s)`,
        );
      }
    }
  }
  server.closeAllConnections();
  server.close();
}
