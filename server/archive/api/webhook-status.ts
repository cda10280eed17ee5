import { createHash } from 'node:crypto';

import type { ArchiveStore } from '../store/archive-store.ts';
import { readReceiverStatus } from '../store/webhooks/webhook-receivers.ts';
import { receiverLabel } from '../webhooks/webhook-options.ts';

// The `webhooks` section of the archive's status: per receiver, where its delivery began, what
// was delivered, what waits, the last failure and when the next attempt is due. Every process
// serving the archive shows the same, whichever one delivers.

/** Receivers by their origin and a short hash: a webhook URL's path or query is often its secret. */
export async function webhookStatusJson(store: ArchiveStore) {
  const receivers = await readReceiverStatus(store.db);
  return receivers.map((row) => ({
    receiver: receiverLabel(row.url),
    receiver_id: createHash('sha256').update(row.url).digest('hex').slice(0, 12),
    /** Whether a process is delivering to it now (one configured with it holds its lease). */
    delivering: row.delivering,
    started_height: row.started_height,
    started_at: row.started_at,
    /** Events are made up to this archived height. */
    events_up_to_height: row.scanned_height,
    delivered: row.delivered_count,
    pending: row.pending,
    last_delivered_at: row.last_delivered_at,
    last_error: row.last_error,
    last_error_at: row.last_error_at,
    next_attempt_at: row.next_attempt_at,
  }));
}
