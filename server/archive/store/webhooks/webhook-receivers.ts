import { readCursor } from '../cursor/cursor-reads.ts';
import type { SqlDatabase, SqlExecutor } from '../db/sql-database.ts';
import { readPlanStates } from '../views/webhook-facts.ts';
import { KEY_HEADS } from './webhook-tables.ts';

// Webhook receivers (--webhook): where each one's delivery began, how far the archive's facts
// have been turned into its events, its counters and last failure, and which process delivers to
// it now (a lease, so processes sharing one database never deliver twice). Its pending events
// wait in the outbox (webhook-outbox.ts).

/**
 * Records a receiver the first time it is configured, starting at the archived height then (its
 * events are those archived later; the upgrade plans as they stand count as seen). 'waiting'
 * while the archive has no block yet; 'new' when recorded now, 'known' when it already was.
 */
export async function registerReceiver(
  db: SqlDatabase,
  url: string,
): Promise<{ outcome: 'waiting' } | { outcome: 'new' | 'known'; startedHeight: string }> {
  const known = await readStart(db, url);
  if (known !== null) return { outcome: 'known', startedHeight: known };
  return db.transaction(async (tx) => {
    const cursor = await readCursor(tx);
    if (!cursor) return { outcome: 'waiting' as const };
    const plans = JSON.stringify(await readPlanStates(tx));
    const inserted = await tx.query(
      `INSERT INTO webhook_receivers (url, started_height, started_at, scanned_height, plans_seen)
       VALUES ($1, $2::numeric, clock_timestamp(), $2::numeric, $3) ON CONFLICT DO NOTHING RETURNING url`,
      [url, String(cursor.height), plans],
    );
    if (inserted.length > 0) return { outcome: 'new' as const, startedHeight: String(cursor.height) };
    return { outcome: 'known' as const, startedHeight: (await readStart(tx, url)) ?? String(cursor.height) };
  });
}

async function readStart(db: SqlExecutor, url: string): Promise<string | null> {
  const rows = await db.query<{ started_height: string }>(
    'SELECT started_height::text AS started_height FROM webhook_receivers WHERE url = $1',
    [url],
  );
  return rows[0]?.started_height ?? null;
}

/** Takes (or renews) the right to deliver to a receiver; false while another process holds it. */
export async function claimReceiver(db: SqlExecutor, url: string, holder: string, leaseMs: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE webhook_receivers SET deliverer = $2,
       deliverer_expires_at = clock_timestamp() + $3::integer * interval '1 millisecond'
     WHERE url = $1 AND (deliverer IS NULL OR deliverer = $2 OR deliverer_expires_at < clock_timestamp())
     RETURNING url`,
    [url, holder, String(leaseMs)],
  );
  return rows.length > 0;
}

/** A clean stop: another process configured with the receiver takes over at once. */
export async function releaseReceiver(db: SqlExecutor, url: string, holder: string): Promise<void> {
  await db.query(
    'UPDATE webhook_receivers SET deliverer = NULL, deliverer_expires_at = NULL WHERE url = $1 AND deliverer = $2',
    [url, holder],
  );
}

export interface ReceiverStatus {
  url: string;
  started_height: string;
  started_at: string;
  scanned_height: string;
  delivered_count: string;
  pending: string;
  last_delivered_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  /** When the first event of any ordering key is tried next (null: nothing pending). */
  next_attempt_at: string | null;
  /** Whether a process delivers to it now (its lease has not run out). */
  delivering: boolean;
}

const iso = (expression: string) => `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Every receiver the archive has recorded, whichever process delivers to it. */
export async function readReceiverStatus(db: SqlExecutor): Promise<ReceiverStatus[]> {
  const receivers = await db.query<Omit<ReceiverStatus, 'next_attempt_at'> & Record<string, unknown>>(
    `SELECT r.url, r.started_height::text AS started_height, ${iso('r.started_at')} AS started_at,
       r.scanned_height::text AS scanned_height, r.delivered_count::text AS delivered_count,
       (SELECT count(*) FROM webhook_outbox o WHERE o.receiver = r.url)::text AS pending,
       ${iso('r.last_delivered_at')} AS last_delivered_at, r.last_error, ${iso('r.last_error_at')} AS last_error_at,
       COALESCE(r.deliverer_expires_at > clock_timestamp(), false) AS delivering
     FROM webhook_receivers r ORDER BY r.started_at, r.url`,
  );
  const statuses: ReceiverStatus[] = [];
  for (const receiver of receivers) {
    const [next] = await db.query<{ at: string | null }>(
      `${KEY_HEADS} SELECT ${iso('min(next_attempt_at)')} AS at FROM heads`,
      [receiver.url],
    );
    statuses.push({ ...receiver, next_attempt_at: next?.at ?? null });
  }
  return statuses;
}
