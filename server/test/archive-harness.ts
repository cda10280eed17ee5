import { randomBytes } from 'node:crypto';

import type { ArchiveSource } from '../archive/api/archive-source.ts';
import { Follower } from '../archive/follower/follower.ts';
import type { ArchiveFrom, FollowerOptions } from '../archive/follower/lane/follower-state.ts';
import { RestReader } from '../archive/source/rest-reader.ts';
import { RpcReader } from '../archive/source/rpc-reader.ts';
import { ArchiveStore } from '../archive/store/archive-store.ts';
import type { SqlDatabase } from '../archive/store/db/sql-database.ts';
import { createDatabase, dropDatabase } from './postgres-admin.ts';

// Archives under test: the same follower and API over both databases. PostgreSQL needs
// POLITY_TEST_PG_URL (CI starts a cluster and sets it; `bash scripts/start-postgres.sh` prints it).

export interface DatabaseKind {
  kind: 'pglite' | 'postgres';
  /** A fresh, empty database; `drop` removes it. */
  create(): Promise<{ database: string; drop(): Promise<void> }>;
}

const PG_URL = process.env.POLITY_TEST_PG_URL;

export const DATABASE_KINDS: DatabaseKind[] = [
  { kind: 'pglite', create: async () => ({ database: ':memory:', drop: async () => undefined }) },
];
if (PG_URL) {
  DATABASE_KINDS.push({
    kind: 'postgres',
    async create() {
      const database = await createDatabase(PG_URL, `polity_archive_${randomBytes(6).toString('hex')}`);
      return { database, drop: () => dropDatabase(database) };
    },
  });
} else if (process.env.CI) {
  throw new Error('CI must run the archive tests on PostgreSQL too: set POLITY_TEST_PG_URL');
}

export interface TestArchive extends ArchiveSource {
  follower: Follower;
  /** The store's database, for tests that look at its rows. */
  db: SqlDatabase;
  /** Stops following (the database stays open). */
  stopFollowing(): Promise<void>;
  close(): Promise<void>;
}

/** An archive following the harness's node over HTTP, as it would follow any node. */
export async function followNode(
  base: string,
  database: string,
  db?: SqlDatabase,
  tuning: {
    from?: ArchiveFrom;
    sparseAbove?: bigint;
    log?: (line: string) => void;
    timeoutMs?: number;
    fillRecheckMs?: number;
    /** What the light client trusts; by default no proofs (tests of proofs ask for them). */
    trust?: FollowerOptions['trust'];
    /** The light client's clock (a test's chain runs at a fixed date: see chain-clock.ts). */
    proofClock?: FollowerOptions['proofClock'];
    /** Other nodes asked for the same headers (--witness). */
    witnesses?: FollowerOptions['witnesses'];
    /** What one request of a batched block read may answer (tests of huge answers shrink it). */
    maxAnswerBytesPerRequest?: number;
    /** Heights the node's index did not name read per stretch to check it (index-check.ts). */
    indexSample?: number;
  } = {},
): Promise<TestArchive> {
  const store = db ? await ArchiveStore.over(db) : await ArchiveStore.open(database);
  const rpc = await RpcReader.connect(`${base}/rpc`, tuning.timeoutMs, tuning.maxAnswerBytesPerRequest);
  const follower = new Follower(store, rpc, new RestReader(base, tuning.timeoutMs), {
    batch: 16,
    from: tuning.from ?? 'earliest',
    sparseAbove: tuning.sparseAbove,
    fillRecheckMs: tuning.fillRecheckMs,
    trust: tuning.trust ?? null,
    proofClock: tuning.proofClock,
    witnesses: tuning.witnesses,
    indexSample: tuning.indexSample,
    rpcUrl: `${base}/rpc`,
    pollMs: 10,
    log: (line) => {
      tuning.log?.(line);
      if (process.env.ARCHIVE_LOG) console.log(line);
    },
  });
  follower.start();
  return {
    store,
    db: store.db,
    follower,
    source: { rest: base, rpc: `${base}/rpc` },
    async stopFollowing() {
      await follower.stop();
      rpc.disconnect();
    },
    async close() {
      await follower.stop();
      rpc.disconnect();
      // A database handed in belongs to whoever opened it: they close it.
      if (!db) await store.close();
    },
  };
}

/** Waits until the archive's cursor reaches `height` (or the follower refuses to go on). */
export async function archivedUpTo(archive: TestArchive, height: bigint, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = await archive.db.query<{ height: string }>('SELECT height::text AS height FROM archive_cursor');
    if (rows[0] && BigInt(rows[0].height) >= height) return;
    if (archive.follower.state.phase === 'refused') throw new Error(archive.follower.state.problem ?? 'refused');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(
    `archive did not reach height ${height}: ${archive.follower.state.lastError ?? archive.follower.state.phase}`,
  );
}

/** Every row an archive holds that must not depend on when or how it was filled. */
export async function archiveDump(archive: { db: SqlDatabase }): Promise<string> {
  const tables = ['proposal_timeline', 'group_history', 'upgrades', 'module_versions', 'archive_gaps'];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) out[table] = await archive.db.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3`);
  // Every column, weights included: a vote holds no weight until its proposal's tally settles it.
  out.votes = await archive.db.query('SELECT * FROM votes ORDER BY proposal_id, voter');
  out.proposals = await archive.db.query(
    'SELECT id, status, executor_result, final_tally, on_chain, pruned_height FROM proposals ORDER BY id',
  );
  out.groups = await archive.db.query('SELECT * FROM groups ORDER BY id');
  out.members = await archive.db.query('SELECT * FROM group_members ORDER BY group_id, address');
  out.policies = await archive.db.query('SELECT * FROM policies ORDER BY address');
  // The group's total weight and the policy each proposal was tallied against, as of its tally.
  out.proposal_tallies = await archive.db.query('SELECT * FROM proposal_tallies ORDER BY proposal_id');
  return JSON.stringify(out);
}
