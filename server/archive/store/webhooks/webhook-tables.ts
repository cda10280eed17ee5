import { column, type Table } from '../table.ts';

// Webhook receivers (--webhook) and their outbox.

export const WEBHOOK_RECEIVERS: Table = {
  name: 'webhook_receivers',
  columns: [
    column('url', 'text'),
    // The archived height when the receiver was first configured: only later events go to it.
    column('started_height', 'numeric(20)'),
    column('started_at', 'timestamptz'),
    // Facts up to this height have been turned into its events (and are in the outbox or sent).
    column('scanned_height', 'numeric(20)'),
    // The upgrade plans as last turned into events (a plan is one row that changes, not a log).
    column('plans_seen', 'text'),
    column('enqueued_count', 'numeric(20)', { extra: 'DEFAULT 0' }),
    column('delivered_count', 'numeric(20)', { extra: 'DEFAULT 0' }),
    column('last_delivered_at', 'timestamptz', { nullable: true }),
    column('last_error', 'text', { nullable: true }),
    column('last_error_at', 'timestamptz', { nullable: true }),
    column('deliverer', 'text', { nullable: true }),
    column('deliverer_expires_at', 'timestamptz', { nullable: true }),
  ],
  primaryKey: ['url'],
  since: 5,
};

/** Events waiting for their receiver, in the order they happened (`seq`). */
export const WEBHOOK_OUTBOX: Table = {
  name: 'webhook_outbox',
  columns: [
    column('receiver', 'text'),
    column('seq', 'numeric(20)'),
    column('event_id', 'text'),
    // Events of one key (a proposal, a group, the upgrade plan) go out one after another.
    column('ordering_key', 'text'),
    column('height', 'numeric(20)'),
    column('body', 'text'),
    column('attempts', 'integer', { extra: 'DEFAULT 0' }),
    column('next_attempt_at', 'timestamptz'),
    column('last_error', 'text', { nullable: true }),
    // Who is sending it now (a token per attempt) and until when, unless renewed: no other process
    // sends it meanwhile (webhook-claims.ts).
    column('claimed_by', 'text', { nullable: true, since: 12 }),
    column('claimed_until', 'timestamptz', { nullable: true, since: 12 }),
  ],
  primaryKey: ['receiver', 'seq'],
  indexes: [
    'CREATE INDEX webhook_outbox_by_key ON webhook_outbox (receiver, ordering_key, seq)',
    'CREATE UNIQUE INDEX webhook_outbox_event ON webhook_outbox (receiver, event_id)',
  ],
  since: 5,
};

/**
 * `heads`: the first waiting event of each of a receiver's ordering keys ($1), found by walking the
 * keys through the outbox's (receiver, ordering_key, seq) index: it costs the number of keys, not
 * of waiting events (a receiver down for an hour may have thousands of votes waiting).
 */
export const KEY_HEADS = `WITH RECURSIVE heads AS (
    (SELECT ordering_key, seq, next_attempt_at FROM webhook_outbox WHERE receiver = $1
     ORDER BY ordering_key, seq LIMIT 1)
    UNION ALL
    SELECT following.ordering_key, following.seq, following.next_attempt_at FROM heads,
      LATERAL (SELECT o.ordering_key, o.seq, o.next_attempt_at FROM webhook_outbox o
        WHERE o.receiver = $1 AND o.ordering_key > heads.ordering_key ORDER BY o.ordering_key, o.seq LIMIT 1) following
  )`;
