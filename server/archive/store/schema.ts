import { nameOf } from '../metadata-name.ts';
import { CURSOR, GAPS, META, WRITER } from './cursor/cursor-tables.ts';
import type { SqlDatabase, SqlExecutor } from './db/sql-database.ts';
import { GROUP_HISTORY, GROUP_MEMBERS, GROUPS } from './groups/group-tables.ts';
import { POLICY_TRANSFERS } from './policies/policy-ledger.ts';
import { POLICIES } from './policies/policy-tables.ts';
import { PROOF_BUNDLES } from './proofs/bundle-files.ts';
import { FACT_PROOFS, PROOF_HEADERS, PROOF_VALIDATOR_SETS } from './proofs/proof-store.ts';
import { PROPOSAL_TALLIES, PROPOSALS, PROPOSERS, TIMELINE } from './proposals/proposal-tables.ts';
import { TALLY_CHECKS } from './proposals/tally-checks.ts';
import { migrationStatements, type Table } from './table.ts';
import { MODULE_VERSIONS, UPGRADES } from './upgrades/upgrade-tables.ts';
import { VOTES } from './votes/vote-tables.ts';
import { WEBHOOK_OUTBOX, WEBHOOK_RECEIVERS } from './webhooks/webhook-tables.ts';

// The archive's schema, as ordered migrations (each runs once, recorded in schema_migrations).
// Each subject's module declares its tables, and on each table, column and index the migration
// that brings it; a migration here is a name and an id, and does what its tables say. Ids are
// numeric(20) (uint64), weights and tallies numeric (exact) beside the node's own text, times the
// node's RFC 3339 text beside a timestamptz for ordering.

/** Every table of the archive, in the order they are created. */
export const ARCHIVE_TABLES: readonly Table[] = [
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
  WRITER,
  WEBHOOK_RECEIVERS,
  WEBHOOK_OUTBOX,
  PROPOSAL_TALLIES,
  PROOF_HEADERS,
  PROOF_VALIDATOR_SETS,
  FACT_PROOFS,
  TALLY_CHECKS,
  POLICY_TRANSFERS,
  PROOF_BUNDLES,
];

interface Migration {
  id: number;
  name: string;
  /** Work SQL alone cannot do, in the same transaction. */
  rewrite?: (tx: SqlExecutor) => Promise<void>;
}

const MIGRATIONS: readonly Migration[] = [
  { id: 1, name: 'archive core' },
  { id: 2, name: 'what scheduled and cancelled each upgrade' },
  { id: 3, name: 'one writer among many readers' },
  { id: 4, name: 'events by height, for the feeds' },
  { id: 5, name: 'webhook receivers and their outbox' },
  // Names were read only from JSON `name`: plain-text metadata ("core team") and `title` now name too.
  { id: 6, name: 'names from plain-text and title metadata', rewrite: renameFromMetadata },
  { id: 7, name: 'the weights and rule each proposal was tallied with' },
  { id: 8, name: 'group history by member' },
  // Rows written before it keep null: their blocks are not read again.
  { id: 9, name: 'the transactions of votes, submissions and executions' },
  { id: 10, name: 'addresses by prefix' },
  { id: 11, name: 'proofs of what the archive holds' },
  { id: 12, name: 'webhook events claimed while they are sent' },
  { id: 13, name: 'vote proofs by voter' },
  { id: 14, name: "the archive's recount of each tally" },
  { id: 15, name: "each group policy's transfers in and out" },
  { id: 16, name: 'proof bundles that can no longer change, kept as served' },
];

const statementsOf = (migration: Migration) =>
  ARCHIVE_TABLES.flatMap((table) => migrationStatements(table, migration.id));

/** Every statement the migrations run, in order: what an empty archive is made of. */
export const schemaStatements = (): string[] =>
  MIGRATIONS.flatMap((migration) => [`-- ${migration.id} ${migration.name}`, ...statementsOf(migration)]);

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
/** For a read-only copy (a standby): its archive has every migration this Polity knows, and no newer. */
export async function requireCurrentSchema(db: SqlExecutor): Promise<void> {
  const rows = await db
    .query<{ newest: number | null }>('SELECT max(id) AS newest FROM schema_migrations')
    .catch(() => [{ newest: null }]);
  const newest = rows[0]?.newest === null || rows[0]?.newest === undefined ? null : Number(rows[0].newest);
  const expected = MIGRATIONS[MIGRATIONS.length - 1].id;
  if (newest !== expected)
    throw new Error(
      newest === null
        ? 'the database holds no archive (yet): its writer has not created it, or the copy has not replayed it'
        : `its archive is at migration ${newest}, this Polity reads migration ${expected}: run the same version as its writer`,
    );
}

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
      for (const statement of statementsOf(migration)) await tx.query(statement);
      await migration.rewrite?.(tx);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [
        String(migration.id),
        migration.name,
      ]);
    });
  }
}

/** Re-reads every stored group's and policy's name (migration 6). */
async function renameFromMetadata(tx: SqlExecutor): Promise<void> {
  for (const [table, key] of [
    ['groups', 'id'],
    ['policies', 'address'],
  ] as const) {
    const rows = await tx.query<{ key: string; metadata: string; name: string }>(
      `SELECT ${key}::text AS key, metadata, name FROM ${table}`,
    );
    for (const row of rows) {
      const name = nameOf(row.metadata);
      if (name !== row.name) await tx.query(`UPDATE ${table} SET name = $1 WHERE ${key} = $2`, [name, row.key]);
    }
  }
}
