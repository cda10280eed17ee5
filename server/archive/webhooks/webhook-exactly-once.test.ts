import { randomBytes } from 'node:crypto';

import { afterAll, describe, expect, it } from 'vitest';

import { submitProposalMsg, voteMsg } from '../../node/sim/activity/tx-messages.ts';
import { startHarness, type Harness } from '../../test/harness.ts';
import { createDatabase, dropDatabase } from '../../test/postgres-admin.ts';
import {
  archivedHeight,
  startArchiveService,
  TestReceiver,
  testWebhooks,
  until,
  type WebhookStatus,
} from '../../test/webhook-receiver.ts';
import type { Archive } from '../archive-service.ts';

// Two Polity processes on one PostgreSQL database, each with its own connection pool, both
// configured with one receiver that takes longer to answer than the receiver's lease lasts: a
// round of deliveries outlasts the lease and the other process takes the receiver over while
// events are still being sent. Every event must reach the receiver exactly once, and the status
// must count what the receiver accepted.

const PG_URL = process.env.POLITY_TEST_PG_URL;

/** The receiver's answer time, longer than the lease: every round outlasts it. */
const ANSWER_MS = 900;
const LEASE_MS = 450;
/**
 * Shorter than one answer, so a claim is renewed while its POST is under way (every 300 ms). Long
 * enough that a renewal held back a few hundred milliseconds by a busy machine does not lose it: a
 * claim lost mid-POST abandons a request the receiver may already have counted.
 */
const CLAIM_MS = 900;

describe.skipIf(!PG_URL)('webhooks from two processes on one PostgreSQL database', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('deliver every event exactly once to a receiver slower than the lease, and count what it accepted', async () => {
    const archives: Archive[] = [];
    const h: Harness = await startHarness({
      seed: 'webhooks-exactly-once',
      livePeriodS: 30,
      keepRecent: 3000,
      archive: () => archives[0] ?? null,
    });
    cleanups.push(() => h.close());
    h.node.advance(1, 3000);
    const database = await createDatabase(PG_URL!, `polity_hooks_${randomBytes(4).toString('hex')}`);
    cleanups.push(() => dropDatabase(database));
    const receiver = await TestReceiver.start();
    receiver.answerWith('ok', ANSWER_MS);
    cleanups.push(() => receiver.kill());
    const webhooks = testWebhooks([receiver.url], { leaseMs: LEASE_MS, claimMs: CLAIM_MS });
    for (let process = 0; process < 2; process++) {
      const archive = await startArchiveService(h.base, database, webhooks);
      archives.push(archive);
      cleanups.push(() => archive.close());
    }
    const status = async () =>
      ((await h.get('/polity/archive/v1/status')).json as { webhooks: WebhookStatus[] }).webhooks[0];
    const caughtUp = async () => (await archivedHeight(archives[0])) >= h.node.height;
    await until('the archive to catch up', caughtUp, 25_000);
    await until('the receiver to be recorded', async () => (await status()) !== undefined);

    // Three proposals of one group, each voted on by four members: runs of events, one after another per proposal.
    const { alice, bob, carol, dave, vera } = h.node.cast.people;
    const titles = ['First of three', 'Second of three', 'Third of three'];
    for (const title of titles)
      h.node.inject(
        submitProposalMsg({
          policyAddress: h.node.cast.policies.coreQuick,
          proposers: [alice],
          title,
          summary: '',
          metadata: '',
          messages: [],
        }),
      );
    h.node.advance(1, 3000);
    await until('the archive to catch up', caughtUp);
    const proposals = await archives[0].store.db.query<{ id: string }>(
      'SELECT id::text AS id FROM proposals WHERE title = ANY($1::text[])',
      [`{${titles.map((title) => `"${title}"`).join(',')}}`],
    );
    expect(proposals).toHaveLength(3);
    for (const { id } of proposals)
      for (const voter of [bob, carol, dave, vera]) h.node.inject(voteMsg(BigInt(id), voter, 'VOTE_OPTION_YES'));
    h.node.advance(2, 3000);
    await until('the archive to catch up', caughtUp);

    const deliveredTwice = () => {
      const ids = receiver.accepted.map((entry) => entry.id);
      return ids.filter((id, index) => ids.indexOf(id) !== index);
    };
    await until(
      'every event to be delivered',
      async () => {
        // A second delivery fails the test at once (rather than as a wait that never ends).
        expect(deliveredTwice()).toEqual([]);
        const now = await status();
        return now.pending === '0' && now.events_up_to_height === String(h.node.height);
      },
      40_000,
    );
    // A POST given up on may still have been taken by the receiver: let any such finish arriving.
    await new Promise((resolve) => setTimeout(resolve, ANSWER_MS * 2));

    const ids = receiver.accepted.map((entry) => entry.id);
    const votes = new Set(
      receiver.accepted.filter((entry) => entry.event.type === 'vote.cast').map((entry) => entry.id),
    );
    expect(votes.size).toBeGreaterThanOrEqual(12);
    expect(deliveredTwice()).toEqual([]);
    expect((await status()).delivered).toBe(String(ids.length));
  }, 90_000);
});
