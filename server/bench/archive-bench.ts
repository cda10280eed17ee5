// Archive figures: catch-up rate from the embedded chain (blocks/s, votes/s) into PGlite and
// PostgreSQL, the latency of every archive endpoint at 1,000,000 archived votes, the database
// size per million votes, and the follower's peak RSS. Prints figures; asserts nothing.

import { execFileSync, spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

import { handleArchive, type ArchiveAnswer } from '../archive/api/archive-http.ts';
import { handleFeed } from '../archive/api/feeds/feed-http.ts';
import { DEFAULT_BATCH, Follower } from '../archive/follower/follower.ts';
import { startingState } from '../archive/follower/lane/follower-state.ts';
import { RestReader } from '../archive/source/rest-reader.ts';
import { RpcReader } from '../archive/source/rpc-reader.ts';
import { ArchiveStore } from '../archive/store/archive-store.ts';
import { readCursor } from '../archive/store/cursor/cursor-reads.ts';
import { createPolityServer } from '../node/gateway/http/http-server.ts';
import { QueryService } from '../node/queries/query-service.ts';
import { submitProposalMsg, voteMsg } from '../node/sim/activity/tx-messages.ts';
import { ChainNode } from '../node/sim/chain-node.ts';
import { copyDatabase, createDatabase, databaseName, dropDatabase } from '../test/postgres-admin.ts';
import { backfillBench } from './backfill-bench.ts';
import { proverLagBench } from './prover-lag-bench.ts';
import { databaseSize, fillMillionVotes } from './synthetic-archive.ts';

const CATCH_UP_BLOCKS = 1500;
const BUSY_VOTER = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu';
const VOTE_HEAVY_BLOCKS = 300;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

interface FollowerFigures {
  seconds: number;
  blocks: number;
  votes: number;
  peakRssMb: number;
}

const COMPILED_FOLLOWER = fileURLToPath(new URL('../../dist-server/follower-process.mjs', import.meta.url));

/** Runs the follower in a process of its own until it reaches the node's tip: its RSS is its own. */
async function followerProcess(base: string, database: string): Promise<FollowerFigures> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.FOLLOWER_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof-follower'] : []),
      // Compiled ahead, as `npm start` runs the service: the TypeScript loader's thread is not the follower's memory.
      COMPILED_FOLLOWER,
      base,
      `${base}/rpc`,
      database,
      String(DEFAULT_BATCH),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`follower process exited with ${code}`)))),
  );
  return JSON.parse(output.trim().split('\n').pop() ?? '{}') as FollowerFigures;
}

const RUNS = 3;

/**
 * The same catch-up, three times from the same starting archive: one run on a shared 2-core
 * machine can be 30 % off either way. A run's end state is the next stretch's start.
 */
async function repeatedRuns(base: string, start: string): Promise<{ figures: FollowerFigures[]; end: string }> {
  const figures: FollowerFigures[] = [];
  let end = start;
  for (let run = 1; run <= RUNS; run++) {
    end = await copyArchive(start, `${start.replace(/\/$/, '')}-run${run}`);
    figures.push(await followerProcess(base, end));
  }
  return { figures, end };
}

/** The copies made for repeated runs, removed when the bench is done with them. */
const copies: string[] = [];

/** A copy of an archive (a PGlite directory, or a PostgreSQL database used as a template). */
async function copyArchive(from: string, to: string): Promise<string> {
  if (!from.startsWith('postgres')) {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
    copies.push(to);
    return to;
  }
  copies.push(await copyDatabase(from, `${databaseName(from)}_${to.slice(-4)}`));
  return copies[copies.length - 1];
}

async function removeCopies(): Promise<void> {
  for (const copy of copies.splice(0).reverse()) {
    if (!copy.startsWith('postgres')) {
      rmSync(copy, { recursive: true, force: true });
      continue;
    }
    await dropDatabase(copy);
  }
}

const spread = (figures: FollowerFigures[], pick: (figure: FollowerFigures) => number) => {
  const sorted = figures.map(pick).sort((a, b) => a - b);
  const shown = sorted.map((value) => Math.round(value).toLocaleString('en'));
  return `median ${shown[1]} (${shown[0]}–${shown[2]})`;
};

async function catchUp(database: string, label: string): Promise<void> {
  const node = ChainNode.open({
    seed: 'archive-bench',
    genesisTime: Date.parse('2026-11-01T00:00:00Z'),
    scenario: 'demo',
    livePeriodS: 60,
    keepRecent: CATCH_UP_BLOCKS + VOTE_HEAVY_BLOCKS + 50,
  });
  node.produceBlock(node.time + 2000);
  const server = createPolityServer({ queries: new QueryService(node, 'extended'), blocks: node });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const store = await ArchiveStore.open(database);
  const rpc = await RpcReader.connect(`${base}/rpc`);
  const follower = new Follower(store, rpc, new RestReader(base), {
    batch: DEFAULT_BATCH,
    pollMs: 5,
    log: () => undefined,
  });
  follower.start();
  const waitFor = async (height: bigint) => {
    for (;;) {
      const cursor = await readCursor(store.db);
      if (cursor && cursor.height >= height) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  await waitFor(node.height);
  await follower.stop();
  rpc.disconnect();
  await store.close();
  node.advance(CATCH_UP_BLOCKS, 2000);
  const mixed = await repeatedRuns(base, database);
  const [first] = mixed.figures;
  console.log(
    `  catch-up into ${label.padEnd(10)} blocks/s ${spread(mixed.figures, (run) => run.blocks / run.seconds)}, ` +
      `votes/s ${spread(mixed.figures, (run) => run.votes / run.seconds)} ` +
      `(the live chain: ${first.blocks} blocks, ${first.votes} votes, ${RUNS} runs; goal >= 500 blocks/s)   ` +
      `follower peak RSS ${spread(mixed.figures, (run) => run.peakRssMb)} MB (goal <= 300)`,
  );
  // A vote-heavy stretch: the community assembly (2,502 members) votes on five proposals, 40 votes a block.
  const { carol } = node.cast.people;
  for (let index = 0; index < 5; index++) {
    node.inject(
      submitProposalMsg({
        policyAddress: node.cast.policies.community,
        proposers: [carol],
        title: `Bench: everyone votes (${index + 1})`,
        summary: '',
        metadata: '',
        messages: [],
      }),
    );
  }
  node.advance(1, 2000);
  const lastProposal = node.group.store.proposalSeq;
  const options = ['VOTE_OPTION_YES', 'VOTE_OPTION_NO', 'VOTE_OPTION_ABSTAIN'] as const;
  for (let block = 0; block < VOTE_HEAVY_BLOCKS; block++) {
    const proposalId = lastProposal - 4n + BigInt(block % 5);
    const first = Math.floor(block / 5) * 40;
    for (const [index, voter] of node.cast.communityMembers.slice(first, first + 40).entries())
      node.inject(voteMsg(proposalId, voter, options[index % 3]));
    node.advance(1, 2000);
  }
  const heavy = await repeatedRuns(base, mixed.end);
  const [one] = heavy.figures;
  console.log(
    `  catch-up into ${label.padEnd(10)} votes/s ${spread(heavy.figures, (run) => run.votes / run.seconds)}, ` +
      `blocks/s ${spread(heavy.figures, (run) => run.blocks / run.seconds)} ` +
      `(vote-heavy: ${one.blocks} blocks, ${one.votes} votes, ${RUNS} runs; goal >= 5,000 votes/s)   ` +
      `follower peak RSS ${spread(heavy.figures, (run) => run.peakRssMb)} MB`,
  );
  server.closeAllConnections();
  server.close();
}

async function endpointLatencies(database: string, label: string): Promise<void> {
  const store = await ArchiveStore.open(database);
  const filled = performance.now();
  await fillMillionVotes(store.db, BUSY_VOTER);
  const size = await databaseSize(store.db);
  console.log(
    `  ${label}: 1,000,000 votes written in ${((performance.now() - filled) / 1000).toFixed(1)} s; database ${(Number(size) / 1048576).toFixed(0)} MB per million votes (with 10,000 proposals)`,
  );
  const source = {
    store,
    follower: { state: { ...startingState(), phase: 'following' as const } },
    source: { rest: '', rpc: '' },
  };
  const endpoints: [string, string, string][] = [
    ['status', 'status', ''],
    ['proposals', 'proposals', 'pagination.limit=100'],
    ['proposals ?q', 'proposals', 'q=budget&pagination.limit=50'],
    [
      'proposals open by end',
      'proposals',
      'voting_open=false&status=PROPOSAL_STATUS_SUBMITTED&order_by=voting_period_end',
    ],
    ['proposal + timeline', 'proposals/5000', ''],
    ['proposal votes', 'proposals/5000/votes', 'order_by=weight&pagination.limit=100'],
    ['voter votes', `voters/${BUSY_VOTER}/votes`, 'pagination.limit=100'],
    ['group history', 'groups/7/history', 'pagination.limit=100'],
    ['upgrades', 'upgrades', ''],
  ];
  const asked: [string, () => Promise<ArchiveAnswer>][] = endpoints.map(([name, path, query]) => [
    name,
    () => handleArchive(source, 'GET', path, query),
  ]);
  // The feeds (the newest 100 events, rendered as Atom) and the inbox, as a reader asks them.
  const feed = (path: string) => () =>
    handleFeed(
      source,
      { method: 'GET', path, rawQuery: '', absent: false },
      { upstream: '', headers: { host: '127.0.0.1' } },
    );
  asked.push(['proposals feed', feed('proposals.atom')], ['voter feed', feed(`voters/${BUSY_VOTER}.atom`)]);
  asked.push(['inbox', () => handleArchive(source, 'GET', `inbox/${BUSY_VOTER}`, '')]);
  for (const [name, ask] of asked) {
    const times: number[] = [];
    for (let i = 0; i < 220; i++) {
      const started = performance.now();
      const answer = await ask();
      if (answer.status !== 200) throw new Error(`${name}: ${answer.body}`);
      if (i >= 20) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`    ${name.padEnd(24)} p50 ${pct(times, 50).toFixed(2)} ms   p99 ${pct(times, 99).toFixed(2)} ms`);
  }
  await store.close();
}

export async function archiveBench(): Promise<void> {
  console.log('archive');
  const pgUrl = process.env.POLITY_TEST_PG_URL;
  const pgliteDir = `/tmp/polity-archive-bench-${process.pid}`;
  const only = process.env.POLITY_BENCH_ONLY; // 'catch-up', 'latency', 'backfill' or 'prover', to run one part
  if (only === 'backfill' || only === undefined) {
    execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build-server.mjs', import.meta.url))], {
      stdio: 'inherit',
    });
    await backfillBench(pgUrl);
    if (only === 'backfill') return;
  }
  if (only === 'prover' || only === undefined) {
    await proverLagBench();
    if (only === 'prover') return;
  }
  if (only !== 'latency') {
    // The follower runs compiled, as `npm start` runs it: built once for both databases.
    execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build-server.mjs', import.meta.url))], {
      stdio: 'inherit',
    });
    await catchUp(pgliteDir, 'PGlite');
    rmSync(pgliteDir, { recursive: true, force: true });
    await removeCopies();
  }
  if (only !== 'latency' && pgUrl) {
    const database = await freshPostgres(pgUrl, 'catchup');
    await catchUp(database, 'PostgreSQL');
    await removeCopies();
    await dropDatabase(database);
  }
  if (!pgUrl)
    console.log('  PostgreSQL: skipped (set POLITY_TEST_PG_URL; `bash scripts/start-postgres.sh` prints one)');
  if (only === 'catch-up') return;
  console.log('  endpoint latency at 1,000,000 archived votes (goal p99 <= 50 ms on PGlite, <= 20 ms on PostgreSQL)');
  await endpointLatencies(pgliteDir, 'PGlite');
  rmSync(pgliteDir, { recursive: true, force: true });
  if (pgUrl) {
    const database = await freshPostgres(pgUrl, 'million');
    await endpointLatencies(database, 'PostgreSQL');
    await dropDatabase(database);
  }
}

const freshPostgres = (url: string, suffix: string) => createDatabase(url, `polity_bench_${suffix}_${process.pid}`);
