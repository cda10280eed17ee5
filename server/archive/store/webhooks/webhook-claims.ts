import type { SqlExecutor } from '../db/sql-database.ts';

// An outbox event being sent is claimed first: a token of the attempt and a time it lapses at,
// renewed while the POST is under way. Processes sharing the database never send one event at the
// same time — a claim is taken only from nobody or from a claim that lapsed — and the events of one
// ordering key go out in order whoever sends them, since only a key's first waiting event can be
// claimed. Times are the database's clock, the one every process shares.

const LAPSES = `clock_timestamp() + $4::integer * interval '1 millisecond'`;

/**
 * Claims event `seq` for one attempt (`claim`, a fresh token) for `claimMs`: only while `holder`
 * holds the receiver's lease, the event is due, no earlier event of its key waits, and nobody else
 * holds an unlapsed claim on it. False when any of that is not so: the event is not to be sent now.
 */
export async function claimEvent(
  db: SqlExecutor,
  event: { url: string; seq: string },
  attempt: { claim: string; holder: string; claimMs: number },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE webhook_outbox o SET claimed_by = $3, claimed_until = ${LAPSES}
     WHERE o.receiver = $1 AND o.seq = $2::numeric
       AND o.next_attempt_at <= clock_timestamp()
       AND (o.claimed_by IS NULL OR o.claimed_until < clock_timestamp())
       AND NOT EXISTS (SELECT 1 FROM webhook_outbox e
         WHERE e.receiver = $1 AND e.ordering_key = o.ordering_key AND e.seq < o.seq)
       AND EXISTS (SELECT 1 FROM webhook_receivers r
         WHERE r.url = $1 AND r.deliverer = $5 AND r.deliverer_expires_at > clock_timestamp())
     RETURNING o.seq`,
    [event.url, event.seq, attempt.claim, String(attempt.claimMs), attempt.holder],
  );
  return rows.length > 0;
}

/**
 * Keeps the claim for another `claimMs`; false when it is no longer this attempt's (it lapsed and
 * another process claimed the event, or the event left the outbox).
 */
export async function renewEventClaim(
  db: SqlExecutor,
  event: { url: string; seq: string },
  attempt: { claim: string; claimMs: number },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE webhook_outbox SET claimed_until = ${LAPSES}
     WHERE receiver = $1 AND seq = $2::numeric AND claimed_by = $3 RETURNING seq`,
    [event.url, event.seq, attempt.claim, String(attempt.claimMs)],
  );
  return rows.length > 0;
}

/** Gives the claim up (the attempt was abandoned): any process may claim the event at once. */
export async function releaseEventClaim(
  db: SqlExecutor,
  event: { url: string; seq: string },
  claim: string,
): Promise<void> {
  await db.query(
    `UPDATE webhook_outbox SET claimed_by = NULL, claimed_until = NULL
     WHERE receiver = $1 AND seq = $2::numeric AND claimed_by = $3`,
    [event.url, event.seq, claim],
  );
}
