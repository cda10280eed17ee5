import type { SqlExecutor } from '../db/sql-database.ts';
import type { MetaKey } from './cursor-reads.ts';

// Moving the cursor, recording gaps and the chain's meta, and the writer's lease.

export class LostLeaseError extends Error {}

/** Takes the writer's lease (or renews it); false while another process holds a lease that has not run out. */
export async function claimWriter(db: SqlExecutor, holder: string, leaseMs: number): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO archive_writer (singleton, holder, expires_at)
       VALUES (true, $1, clock_timestamp() + $2::integer * interval '1 millisecond')
     ON CONFLICT (singleton) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
     WHERE archive_writer.holder = excluded.holder OR archive_writer.expires_at < clock_timestamp()
     RETURNING holder`,
    [holder, String(leaseMs)],
  );
  return rows.length > 0;
}

/** Inside a write: renews the lease, or throws when another process took it (nothing is then written). */
export async function renewWriter(tx: SqlExecutor, holder: string, leaseMs: number): Promise<void> {
  const rows = await tx.query(
    `UPDATE archive_writer SET expires_at = clock_timestamp() + $2::integer * interval '1 millisecond'
     WHERE holder = $1 RETURNING holder`,
    [holder, String(leaseMs)],
  );
  if (rows.length === 0) throw new LostLeaseError('another process took over writing this archive');
}

/** Lets another process take over at once (a clean stop). */
export async function releaseWriter(db: SqlExecutor, holder: string): Promise<void> {
  await db.query('DELETE FROM archive_writer WHERE holder = $1', [holder]);
}

/** Moves the cursor; never back (a batch written late cannot undo a later one). */
export async function setCursor(tx: SqlExecutor, height: bigint, hash: string, time: string): Promise<void> {
  await tx.query(
    `INSERT INTO archive_cursor (singleton, height, block_hash, block_time) VALUES (true, $1, $2, $3)
     ON CONFLICT (singleton) DO UPDATE SET height = excluded.height, block_hash = excluded.block_hash, block_time = excluded.block_time
     WHERE archive_cursor.height <= excluded.height`,
    [String(height), hash, time],
  );
}

/** Heights the archive did not observe; a gap right after an earlier one with the same reason extends it. */
export async function recordGap(tx: SqlExecutor, from: bigint, to: bigint, reason: string): Promise<void> {
  const extended = await tx.query(
    `UPDATE archive_gaps SET to_height = $2 WHERE to_height = $1::numeric - 1 AND reason LIKE $3 RETURNING from_height`,
    [String(from), String(to), reason.replace(/\d+/g, '%')],
  );
  if (extended.length > 0) return;
  await tx.query(
    `INSERT INTO archive_gaps (from_height, to_height, reason) VALUES ($1, $2, $3)
     ON CONFLICT (from_height) DO UPDATE SET to_height = GREATEST(archive_gaps.to_height, excluded.to_height)`,
    [String(from), String(to), reason],
  );
}

/** Sets a value once; false when one is already there (it is left as it was). */
export async function claimMetaValue(db: SqlExecutor, key: MetaKey, value: string): Promise<boolean> {
  const rows = await db.query(
    'INSERT INTO archive_meta (key, value) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING key',
    [key, value],
  );
  return rows.length > 0;
}

export async function setMetaValue(tx: SqlExecutor, key: MetaKey, value: string): Promise<void> {
  await tx.query(
    'INSERT INTO archive_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    [key, value],
  );
}
