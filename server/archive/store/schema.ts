import { ADDRESS_PREFIX_INDEXES } from './address-search.ts';
import { CURSOR, GAPS, META, WRITER } from './cursor-store.ts';
import type { SqlDatabase, SqlExecutor } from './db/sql-database.ts';
import { FEED_INDEXES } from './feed-reads.ts';
import { GROUP_HISTORY, GROUP_MEMBERS, GROUPS } from './group-store.ts';
import { renameFromMetadata } from './metadata-name.ts';
import { POLICIES } from './policy-store.ts';
import { FACT_PROOFS, PROOF_HEADERS, PROOF_VALIDATOR_SETS } from './proof-store.ts';
import { PROPOSALS, PROPOSERS, TIMELINE } from './proposal-store.ts';
import { addedColumnStatements, createTableStatements } from './table.ts';
import { PROPOSAL_TALLIES } from './tally-weights.ts';
import { MODULE_VERSIONS, UPGRADES } from './upgrade-store.ts';
import { VOTES } from './vote-store.ts';
import { WEBHOOK_INDEXES, WEBHOOK_OUTBOX, WEBHOOK_RECEIVERS } from './webhook-store.ts';

// The archive's schema, as ordered migrations (each runs once, recorded in schema_migrations).
// Each subject's module declares its tables; a migration names what it creates or changes.
// Ids are numeric(20) (uint64), weights and tallies numeric (exact) beside the node's own text,
// times the node's RFC 3339 text beside a timestamptz for ordering.

interface Migration {
  id: number;
  name: string;
  statements: () => string[];
  /** Work SQL alone cannot do, in the same transaction. */
  rewrite?: (tx: SqlExecutor) => Promise<void>;
}

const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'archive core',
    statements: () =>
      [
        META,
        CURSOR,
        GAPS,
        GROUPS,
        GROUP_MEMBERS,
        GROUP_HISTORY,
        POLICIES,
        PROPOSALS,
        PROPOSERS,
        TIMELINE,
        VOTES,
        UPGRADES,
        MODULE_VERSIONS,
      ].flatMap((table) => createTableStatements(table, 1)),
  },
  {
    id: 2,
    name: 'what scheduled and cancelled each upgrade',
    statements: () => addedColumnStatements(UPGRADES, 2),
  },
  {
    id: 3,
    name: 'one writer among many readers',
    statements: () => createTableStatements(WRITER, 3),
  },
  {
    id: 4,
    name: 'events by height, for the feeds',
    statements: () => FEED_INDEXES,
  },
  // Webhooks (--webhook): their receivers and outbox, and votes found by height (the timeline's and
  // the group history's height indexes come with migration 4).
  {
    id: 5,
    name: 'webhook receivers and their outbox',
    statements: () => [
      ...[WEBHOOK_RECEIVERS, WEBHOOK_OUTBOX].flatMap((table) => createTableStatements(table, 5)),
      ...WEBHOOK_INDEXES,
    ],
  },
  // Names were read only from JSON `name`: plain-text metadata ("core team") and `title` now name too.
  {
    id: 6,
    name: 'names from plain-text and title metadata',
    statements: () => [],
    rewrite: renameFromMetadata,
  },
  {
    id: 7,
    name: 'the weights and rule each proposal was tallied with',
    statements: () => createTableStatements(PROPOSAL_TALLIES, 7),
  },
  // A voter's groups (voters/{address}/groups) read the group history by member.
  {
    id: 8,
    name: 'group history by member',
    statements: () => ['CREATE INDEX group_history_by_address ON group_history (address, group_id, height, seq)'],
  },
  // Rows written before it keep null: their blocks are not read again.
  {
    id: 9,
    name: 'the transactions of votes, submissions and executions',
    statements: () => [...addedColumnStatements(VOTES, 9), ...addedColumnStatements(TIMELINE, 9)],
  },
  // The search finds addresses by their beginning (addresses?prefix=).
  {
    id: 10,
    name: 'addresses by prefix',
    statements: () => ADDRESS_PREFIX_INDEXES,
  },
  // The light client's verified headers and each fact's evidence (or why it has none).
  {
    id: 11,
    name: 'proofs of what the archive holds',
    statements: () =>
      [PROOF_HEADERS, PROOF_VALIDATOR_SETS, FACT_PROOFS].flatMap((table) => createTableStatements(table, 11)),
  },
];

/**
 * Processes starting together on one PostgreSQL schema migrate in turn (until the transaction
 * ends), so the later one finds the work done instead of colliding with it. PGlite has one
 * process per directory.
 */
async function takeTurns(db: SqlDatabase, tx: SqlExecutor): Promise<void> {
  if (db.kind === 'postgres')
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('polity-archive-migrations:' || current_schema()))`);
}

/** Brings the schema up to date; a database from a newer Polity stops start-up with a message. */
export async function migrate(db: SqlDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    await takeTurns(db, tx);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (id integer PRIMARY KEY, name text NOT NULL)');
  });
  const done = new Set(
    (await db.query<{ id: number }>('SELECT id FROM schema_migrations')).map((row) => Number(row.id)),
  );
  const newest = MIGRATIONS[MIGRATIONS.length - 1].id;
  for (const id of done) {
    if (id > newest)
      throw new Error(`the archive database has migration ${id}, newer than this Polity knows (${newest})`);
  }
  for (const migration of MIGRATIONS) {
    if (done.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      await takeTurns(db, tx);
      const applied = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [String(migration.id)]);
      if (applied.length > 0) return;
      for (const statement of migration.statements()) await tx.query(statement);
      await migration.rewrite?.(tx);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
        String(migration.id),
        migration.name,
      ]);
    });
  }
}
