import type { SqlExecutor } from '../db/sql-database.ts';

// Where the archive stands, as its API, its follower and its webhooks read it.

export async function readWriter(db: SqlExecutor): Promise<{ holder: string; expires_at: string } | null> {
  const rows = await db.query<{ holder: string; expires_at: string }>(
    'SELECT holder, expires_at::text AS expires_at FROM archive_writer',
  );
  return rows[0] ?? null;
}

export interface Cursor {
  height: bigint;
  hash: string;
  time: string;
}

export interface Gap {
  from_height: string;
  to_height: string;
  reason: string;
}

export async function readCursor(db: SqlExecutor): Promise<Cursor | null> {
  const row = (
    await db.query<{ height: string; block_hash: string; block_time: string }>(
      'SELECT height::text AS height, block_hash, block_time FROM archive_cursor',
    )
  )[0];
  return row ? { height: BigInt(row.height), hash: row.block_hash, time: row.block_time } : null;
}

export async function readGaps(db: SqlExecutor): Promise<Gap[]> {
  return db.query<{ from_height: string; to_height: string; reason: string } & Record<string, unknown>>(
    'SELECT from_height::text AS from_height, to_height::text AS to_height, reason FROM archive_gaps ORDER BY from_height',
  );
}

/** `groups_rebuilt`: how many groups and policies an archive begun after x/group left rebuilt from transactions. */
export type MetaKey = 'chain_id' | 'bootstrap_height' | 'groups_rebuilt';

export async function readMeta(db: SqlExecutor): Promise<Map<string, string>> {
  const rows = await db.query<{ key: string; value: string }>('SELECT key, value FROM archive_meta');
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function readMetaValue(db: SqlExecutor, key: MetaKey): Promise<string | null> {
  const rows = await db.query<{ value: string }>('SELECT value FROM archive_meta WHERE key = $1', [key]);
  return rows[0]?.value ?? null;
}
