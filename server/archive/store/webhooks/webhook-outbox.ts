import { readCursor, readMetaValue } from '../cursor/cursor-reads.ts';
import type { SqlDatabase, SqlExecutor, SqlValue } from '../db/sql-database.ts';
import { insertRows } from '../table.ts';
import { readFactsBetween, readPlanStates, type PlanState, type StoredFacts } from '../views/webhook-facts.ts';
import { KEY_HEADS, WEBHOOK_OUTBOX } from './webhook-tables.ts';

// A receiver's outbox: events made from the archive's facts wait here, in the order they
// happened, until the receiver answers 2xx (then they are deleted and counted). Making them and
// moving the receiver's mark past their heights is one transaction, so after a crash or restart
// nothing is made twice or skipped.

export interface NewOutboxEvent {
  id: string;
  orderingKey: string;
  height: bigint;
  body: string;
}

export interface OutboxEntry {
  seq: string;
  eventId: string;
  body: string;
  attempts: number;
}

export type EnqueueResult =
  /** Another process took over this receiver: nothing was made. */
  { outcome: 'not held' } | { outcome: 'enqueued'; events: number; scannedHeight: bigint; archivedHeight: bigint };

/**
 * Makes a receiver's events for the next heights the archive holds (at most `maxHeights` of them)
 * with `build`, queues them and moves its mark, in one transaction. Only the receiver's deliverer
 * does this: the row is locked, and a process whose lease was taken makes nothing.
 */
export async function enqueueEvents(
  db: SqlDatabase,
  receiver: { url: string; holder: string; maxHeights: bigint },
  build: (facts: StoredFacts) => readonly NewOutboxEvent[],
): Promise<EnqueueResult> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ scanned_height: string; plans_seen: string; enqueued_count: string }>(
      `SELECT scanned_height::text AS scanned_height, plans_seen, enqueued_count::text AS enqueued_count
       FROM webhook_receivers WHERE url = $1 AND deliverer = $2 FOR UPDATE`,
      [receiver.url, receiver.holder],
    );
    if (rows.length === 0) return { outcome: 'not held' as const };
    const scanned = BigInt(rows[0].scanned_height);
    const cursor = await readCursor(tx);
    const chainId = await readMetaValue(tx, 'chain_id');
    const archived = cursor?.height ?? scanned;
    // No chain id yet means nothing archived yet: nothing to make, and nothing to wait for.
    if (chainId === null || archived <= scanned)
      return { outcome: 'enqueued' as const, events: 0, scannedHeight: scanned, archivedHeight: scanned };
    const upTo = archived < scanned + receiver.maxHeights ? archived : scanned + receiver.maxHeights;
    const plansNow = await readPlanStates(tx);
    const facts: StoredFacts = {
      chainId,
      ...(await readFactsBetween(tx, scanned, upTo)),
      plansBefore: JSON.parse(rows[0].plans_seen) as PlanState[],
      plansNow,
    };
    const events = build(facts);
    const first = BigInt(rows[0].enqueued_count) + 1n;
    const outbox: SqlValue[][] = events.map((event, index) => [
      receiver.url,
      String(first + BigInt(index)),
      event.id,
      event.orderingKey,
      String(event.height),
      event.body,
      '0',
      null,
      null,
      // Claimed by none: whoever sends it claims it first.
      null,
      null,
    ]);
    await insertRows(tx, WEBHOOK_OUTBOX, outbox, {
      conflict: 'ON CONFLICT DO NOTHING',
      // Due at once; attempts start at none.
      statement: (rows) =>
        `INSERT INTO webhook_outbox (receiver, seq, event_id, ordering_key, height, body, attempts, next_attempt_at, last_error)
         SELECT n.receiver, n.seq, n.event_id, n.ordering_key, n.height, n.body, n.attempts, clock_timestamp(), n.last_error
         FROM ${rows}
         ON CONFLICT DO NOTHING`,
    });
    await tx.query(
      `UPDATE webhook_receivers SET scanned_height = $2::numeric, plans_seen = $3,
         enqueued_count = enqueued_count + $4::numeric WHERE url = $1`,
      [receiver.url, String(upTo), JSON.stringify(plansNow), String(events.length)],
    );
    return { outcome: 'enqueued' as const, events: events.length, scannedHeight: upTo, archivedHeight: archived };
  });
}

/**
 * The ordering keys whose first waiting event is due now, oldest first: each key's events go out
 * one after another, different keys side by side.
 */
export async function readDueKeys(db: SqlExecutor, url: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ ordering_key: string }>(
    `${KEY_HEADS} SELECT ordering_key FROM heads WHERE next_attempt_at <= clock_timestamp() ORDER BY seq LIMIT $2::integer`,
    [url, String(limit)],
  );
  return rows.map((row) => row.ordering_key);
}

/** The first `limit` waiting events of one ordering key, in order. */
export async function readKeyRun(db: SqlExecutor, url: string, key: string, limit: number): Promise<OutboxEntry[]> {
  return db.query<OutboxEntry & Record<string, unknown>>(
    // Ordered by the stored number (o.seq), not by the text the row gives back as `seq`.
    `SELECT o.seq::text AS seq, o.event_id AS "eventId", o.body, o.attempts FROM webhook_outbox o
     WHERE o.receiver = $1 AND o.ordering_key = $2 ORDER BY o.seq LIMIT $3::integer`,
    [url, key, String(limit)],
  );
}

/**
 * The receiver answered 2xx to the POST made under `claim`: it is counted (the status counts what
 * receivers accepted), and the event leaves the outbox if the claim is still this attempt's (a
 * claim lost meanwhile leaves it to the process that took it). Its last error clears once no
 * event of it waits for a retry: the failure is over.
 */
export async function markDelivered(db: SqlExecutor, url: string, seq: string, claim: string): Promise<void> {
  // The statement sees the outbox as it was before its own DELETE: the event sent is left out by hand.
  await db.query(
    `WITH sent AS (DELETE FROM webhook_outbox WHERE receiver = $1 AND seq = $2::numeric AND claimed_by = $3 RETURNING seq),
       waiting AS (SELECT EXISTS (SELECT 1 FROM webhook_outbox w
         WHERE w.receiver = $1 AND w.attempts > 0 AND w.seq <> $2::numeric) AS failing)
     UPDATE webhook_receivers SET delivered_count = delivered_count + 1,
       last_delivered_at = clock_timestamp(),
       last_error = CASE WHEN (SELECT failing FROM waiting) THEN last_error END,
       last_error_at = CASE WHEN (SELECT failing FROM waiting) THEN last_error_at END
     WHERE url = $1`,
    [url, seq, claim],
  );
}

/**
 * The attempt under `claim` failed: the event is tried again after `retryInMs` (by whichever
 * process then claims it); the receiver shows the error.
 */
export async function markFailed(
  db: SqlExecutor,
  url: string,
  seq: string,
  claim: string,
  failure: { error: string; retryInMs: number },
): Promise<void> {
  await db.query(
    `WITH failed AS (UPDATE webhook_outbox SET attempts = attempts + 1, last_error = $3,
         next_attempt_at = clock_timestamp() + $4::integer * interval '1 millisecond',
         claimed_by = NULL, claimed_until = NULL
       WHERE receiver = $1 AND seq = $2::numeric AND claimed_by = $5 RETURNING seq)
     UPDATE webhook_receivers SET last_error = $3, last_error_at = clock_timestamp()
     WHERE url = $1 AND EXISTS (SELECT 1 FROM failed)`,
    [url, seq, failure.error, String(Math.round(failure.retryInMs)), claim],
  );
}
