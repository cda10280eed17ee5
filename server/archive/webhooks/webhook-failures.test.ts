import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { submitProposalMsg, voteMsg } from '../../node/sim/activity/tx-messages.ts';
import { DATABASE_KINDS } from '../../test/archive-harness.ts';
import { startHarness, type Harness } from '../../test/harness.ts';
import {
  archivedHeight,
  startArchiveService,
  TestReceiver,
  testWebhooks,
  until,
  type WebhookStatus,
} from '../../test/webhook-receiver.ts';
import type { Archive } from '../archive-service.ts';

// Receivers that fail: one answers 500 to everything, one never answers. Both are retried with
// growing delays and show in the archive's status; neither holds up the archive.

// Long enough that the rounds below end inside it even on a busy machine, where the test reaches
// them seconds after the request began to hang.
const TIMEOUT_MS = 15_000;
const FIRST_RETRY_MS = 300;

describe.each(DATABASE_KINDS)('failing webhook receivers on $kind', (kind) => {
  let h: Harness;
  let archive: Archive | null = null;
  let broken: TestReceiver;
  let silent: TestReceiver;
  const cleanups: (() => Promise<void> | void)[] = [];

  const statusOf = async (receiver: TestReceiver) => {
    const status = (await h.get('/polity/archive/v1/status')).json as { webhooks: WebhookStatus[] };
    const port = new URL(receiver.url).port;
    return status.webhooks.find((entry) => entry.receiver === `http://127.0.0.1:${port}/…`);
  };
  const caughtUp = async () => archive !== null && (await archivedHeight(archive)) >= h.node.height;

  beforeAll(async () => {
    h = await startHarness({ seed: 'webhook-failures', livePeriodS: 30, keepRecent: 3000, archive: () => archive });
    cleanups.push(() => h.close());
    h.node.advance(1, 3000);
    const { database, drop } = await kind.create();
    cleanups.push(drop);
    broken = await TestReceiver.start('fail');
    silent = await TestReceiver.start('hang');
    cleanups.push(
      () => broken.kill(),
      () => silent.kill(),
    );
    const webhooks = testWebhooks([broken.url, silent.url], {
      timeoutMs: TIMEOUT_MS,
      retry: { firstMs: FIRST_RETRY_MS, maxMs: 5000 },
    });
    archive = await startArchiveService(h.base, database, webhooks);
    cleanups.push(() => archive?.close());
    await until('the archive to catch up', caughtUp, 25_000);
    await until(
      'both receivers to be recorded',
      async () => (await statusOf(broken)) !== undefined && (await statusOf(silent)) !== undefined,
    );
    // Events for both: a proposal with a vote (two events of one proposal), and live activity.
    const { alice, bob } = h.node.cast.people;
    h.node.inject(
      submitProposalMsg({
        policyAddress: h.node.cast.policies.coreQuick,
        proposers: [alice],
        title: 'Failing receivers',
        summary: '',
        metadata: '',
        messages: [],
      }),
    );
    h.node.advance(1, 3000);
    await until('the archive to catch up', caughtUp);
    const [{ id }] = await archive.store.db.query<{ id: string }>(
      `SELECT id::text AS id FROM proposals WHERE title = 'Failing receivers'`,
    );
    h.node.inject(voteMsg(BigInt(id), bob, 'VOTE_OPTION_YES'));
    h.node.advance(1, 3000);
    await until('the archive to catch up', caughtUp);
  }, 60_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('a receiver answering 500 shows in the status and is retried with growing delays, later events waiting', async () => {
    // Four attempts of one event: 300, 600 and 1200 ms apart, each ±25 %. An attempt waits at least
    // its delay after the failure before it (and a little more for the round that sends it).
    await until('an event to be tried four times', () =>
      [...broken.attempts.values()].some((times) => times.length >= 4),
    );
    const [times] = [...broken.attempts.values()].filter((entry) => entry.length >= 4);
    const gaps = times.slice(1, 4).map((time, index) => time - times[index]);
    gaps.forEach((gap, index) => {
      const delay = FIRST_RETRY_MS * 2 ** index;
      expect(gap).toBeGreaterThanOrEqual(0.75 * delay - 5);
      expect(gap).toBeLessThan(1.25 * delay + 1000);
    });
    expect(gaps[2]).toBeGreaterThan(gaps[0]);
    const status = await statusOf(broken);
    expect(status).toMatchObject({ delivering: true, delivered: '0', last_error: 'HTTP 500: receiver is broken' });
    expect(Number(status?.pending)).toBeGreaterThan(1);
    expect(Date.parse(status?.last_error_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The earliest attempt due among all waiting proposals: another proposal's event may have failed
    // before the last error, so it need not come after it, but never later than the longest delay.
    const nextAttempt = Date.parse(status?.next_attempt_at ?? '');
    expect(nextAttempt).toBeGreaterThan(Date.now() - 60_000);
    expect(nextAttempt).toBeLessThanOrEqual(Date.parse(status?.last_error_at ?? '') + 1.25 * 5000);
    // Only the first waiting event of each proposal is tried: the ones after it wait their turn.
    const triedPerProposal = new Map<string, Set<string>>();
    for (const [eventId, event] of broken.attempted) {
      const key = event.proposal
        ? `proposal ${event.proposal.id}`
        : event.group
          ? `group ${event.group.id}`
          : event.type;
      triedPerProposal.set(key, (triedPerProposal.get(key) ?? new Set()).add(eventId));
    }
    expect([...triedPerProposal.values()].every((tried) => tried.size === 1)).toBe(true);
  });

  it('a mended receiver gets every waiting event, and its last error clears once none waits', async () => {
    broken.answerWith('ok');
    // The last delivery and the clearing of the error are written one after the other: on a busy
    // machine a status read can fall between them, so both are waited for together.
    await until(
      'every waiting event to go through and the last error to clear',
      async () => {
        const status = await statusOf(broken);
        return status?.pending === '0' && status.last_error === null;
      },
      20_000,
    );
    expect(Number((await statusOf(broken))?.delivered)).toBeGreaterThan(1);
    expect(await statusOf(broken)).toMatchObject({ last_error: null, last_error_at: null });
  });

  it('a receiver that never answers times out, and the archive keeps following meanwhile', async () => {
    await until('a request to hang', () => silent.hanging.length > 0);
    const hung = silent.hanging[0];
    for (let round = 0; round < 3; round++) {
      const before = await archivedHeight(archive!);
      h.node.advance(3, 3000);
      await until('the archive to follow', caughtUp, TIMEOUT_MS);
      expect(await archivedHeight(archive!)).toBe(before + 3n);
    }
    // All the while, the receiver held that request open: Polity was still waiting for its answer.
    expect(hung.socket?.destroyed).toBe(false);
    await until('the timeout to show', async () => (await statusOf(silent))?.last_error !== null, 20_000);
    expect(await statusOf(silent)).toMatchObject({
      delivered: '0',
      last_error: `no answer within ${TIMEOUT_MS / 1000} s`,
    });
    expect(archive!.follower.state.phase).toBe('following');
  }, 60_000);
});
