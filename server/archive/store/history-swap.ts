import { createHash } from 'node:crypto';

import {
  CURSOR,
  GAPS,
  readCursor,
  readGaps,
  readMetaValue,
  setMetaValue,
  type Cursor,
  type Gap,
} from './cursor-store.ts';
import { plainSchemaName, type SqlDatabase, type SqlExecutor } from './db/sql-database.ts';
import { GROUP_HISTORY, GROUP_MEMBERS, GROUPS } from './group-store.ts';
import { POLICIES } from './policy-store.ts';
import { PROPOSALS, PROPOSERS, TIMELINE } from './proposal-store.ts';
import { insertedColumns, type Table } from './table.ts';
import { PROPOSAL_TALLIES } from './tally-weights.ts';
import { MODULE_VERSIONS, UPGRADES } from './upgrade-store.ts';
import { VOTES } from './vote-store.ts';

// Filling an archive's gaps: its history is rebuilt from further back in a schema of its own
// beside it (the fill), by the same follower, while the archive goes on following the tip; once
// the fill reaches the archive's cursor, the archive's chain tables take the fill's rows in one
// transaction. Rebuilding instead of patching is what makes the result exact: rows the archive
// derived from a later starting state (members "already there", votes seen first at bootstrap,
// proposals known from then) become what an archive that followed from further back holds.

/** What a chain's history is made of: everything but who writes, webhooks, and the chain's id. */
const HISTORY_TABLES: readonly Table[] = [
  GROUPS,
  GROUP_MEMBERS,
  GROUP_HISTORY,
  POLICIES,
  PROPOSALS,
  PROPOSERS,
  TIMELINE,
  VOTES,
  PROPOSAL_TALLIES,
  UPGRADES,
  MODULE_VERSIONS,
  GAPS,
  CURSOR,
];

/** The schema a fill of the archive in `db` is built in: one per archive, so an unfinished one is found again. */
export async function fillSchemaOf(db: SqlExecutor): Promise<string> {
  const [row] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  return `archive_fill_${createHash('sha256').update(row.schema).digest('hex').slice(0, 12)}`;
}

/** Whether a fill from an earlier run is still there (it is started again from nothing). */
export async function fillExists(db: SqlExecutor, schema: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  return rows.length > 0;
}

export async function dropFill(db: SqlDatabase, schema: string): Promise<void> {
  await db.query(`DROP SCHEMA IF EXISTS ${plainSchemaName(schema)} CASCADE`);
}

/** Heights of [from, to] inside the archive's gaps. */
export function gapHeightsWithin(gaps: readonly Gap[], from: bigint, to: bigint): bigint {
  let heights = 0n;
  for (const gap of gaps) {
    const low = BigInt(gap.from_height) > from ? BigInt(gap.from_height) : from;
    const high = BigInt(gap.to_height) < to ? BigInt(gap.to_height) : to;
    if (high >= low) heights += high - low + 1n;
  }
  return heights;
}

export interface ArchiveReach {
  cursor: Cursor | null;
  gaps: Gap[];
  /** The height of the state the archive began from (null: not begun). */
  start: bigint | null;
}

export async function readReach(db: SqlExecutor): Promise<ArchiveReach> {
  const [cursor, gaps, start] = await Promise.all([
    readCursor(db),
    readGaps(db),
    readMetaValue(db, 'bootstrap_height'),
  ]);
  return { cursor, gaps, start: start === null ? null : BigInt(start) };
}

/**
 * Inside the archive's write: its history becomes the fill's (in `fillSchema` of the same
 * database), row for row; the chain's id, the writer's lease and the webhooks stay as they are.
 */
export async function takeFilledHistory(tx: SqlExecutor, fillSchema: string): Promise<void> {
  const fill = plainSchemaName(fillSchema);
  for (const table of HISTORY_TABLES) {
    const names = insertedColumns(table)
      .map((entry) => entry.name)
      .join(', ');
    await tx.query(`DELETE FROM ${table.name}`);
    await tx.query(`INSERT INTO ${table.name} (${names}) SELECT ${names} FROM ${fill}.${table.name}`);
  }
  const [start] = await tx.query<{ value: string }>(
    `SELECT value FROM ${fill}.archive_meta WHERE key = 'bootstrap_height'`,
  );
  if (start) await setMetaValue(tx, 'bootstrap_height', start.value);
}
