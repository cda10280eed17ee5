import { createHash } from 'node:crypto';

import { plainSchemaName, type SqlDatabase, type SqlExecutor } from '../db/sql-database.ts';
import { ARCHIVE_TABLES } from '../schema.ts';
import { insertedColumns } from '../table.ts';
import { readCursor, readGaps, readMetaValue, type Cursor, type Gap } from './cursor-reads.ts';
import { setMetaValue } from './cursor-writes.ts';

// Filling an archive's gaps: its history is rebuilt from further back in a schema of its own
// beside it (the fill), by the same follower, while the archive goes on following the tip; once
// the fill reaches the archive's cursor, the archive's chain tables take the fill's rows in one
// transaction. Rebuilding instead of patching is what makes the result exact: rows the archive
// derived from a later starting state (members "already there", votes seen first at bootstrap,
// proposals known from then) become what an archive that followed from further back holds.

/** What a chain's history is made of (see Table.history): what a fill rebuilds and the archive takes. */
const HISTORY_TABLES = ARCHIVE_TABLES.filter((table) => table.history);

/**
 * The schemas of fills of the archive in `db`: one per writer (`writer`, its lease's holder), so
 * a process that lost the lease mid-fill and the one that took over never share one.
 */
export async function fillSchemaOf(db: SqlExecutor, writer: string): Promise<{ mine: string; prefix: string }> {
  const [row] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  const prefix = `archive_fill_${createHash('sha256').update(row.schema).digest('hex').slice(0, 12)}_`;
  return { mine: `${prefix}${writer.replace(/[^a-z0-9]/g, '').slice(-12)}`, prefix };
}

/** Fills left by earlier runs or by a writer that lost its lease (only the writer drops them). */
export async function staleFills(db: SqlExecutor, prefix: string, mine: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1) AND nspname <> $2`,
    [prefix, mine],
  );
  return rows.map((row) => row.name);
}

export async function dropFill(db: SqlDatabase, schema: string): Promise<void> {
  await db.query(`DROP SCHEMA IF EXISTS ${plainSchemaName(schema)} CASCADE`);
}

/** Whether every height of `inner` within [1, to] lies in a gap of `outer`. */
export function gapsInside(inner: readonly Gap[], outer: readonly Gap[], to: bigint): boolean {
  return inner.every((gap) => {
    const high = BigInt(gap.to_height) < to ? BigInt(gap.to_height) : to;
    const low = BigInt(gap.from_height);
    return high < low || gapHeightsWithin(outer, low, high) === high - low + 1n;
  });
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
  /**
   * The lowest height the archive holds anything of: where it began, or lower where it took what
   * blocks below its first state proved (null: not begun).
   */
  start: bigint | null;
}

export async function readReach(db: SqlExecutor): Promise<ArchiveReach> {
  const [cursor, gaps, start, lowest] = await Promise.all([
    readCursor(db),
    readGaps(db),
    readMetaValue(db, 'bootstrap_height'),
    // Each is the first entry of an index on height.
    db.query<{ height: string | null }>(
      `SELECT least((SELECT min(height) FROM proposal_timeline), (SELECT min(height) FROM group_history),
         (SELECT min(height) FROM votes))::text AS height`,
    ),
  ]);
  const held = lowest[0]?.height ?? null;
  if (start === null) return { cursor, gaps, start: null };
  const begun = BigInt(start);
  return { cursor, gaps, start: held !== null && BigInt(held) < begun ? BigInt(held) : begun };
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
