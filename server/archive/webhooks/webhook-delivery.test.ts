import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { submitProposalMsg, updateMembersMsg, voteMsg } from '../../node/sim/activity/tx-messages.ts';
import { DATABASE_KINDS } from '../../test/archive-harness.ts';
import { startHarness, type Harness } from '../../test/harness.ts';
import {
  archivedHeight,
  startArchiveService,
  TestReceiver,
  testWebhooks,
  until,
  type ReceivedEvent,
  type WebhookStatus,
} from '../../test/webhook-receiver.ts';
import type { Archive } from '../archive-service.ts';

// Webhooks deliver every archived event at least once — here, with nothing lost in flight, exactly
// once — in order per proposal, across a receiver that is down for a stretch and a restart of the
// archive service meanwhile; each body is signed.

const SECRET = 'webhook test secret';
const HOSTILE_TITLE = `Pay \u202Eevil\u202C now\nhttps://phish.example ${'long '.repeat(40)}`;

/** Where an event sits among its proposal's events within one height. */
const RANK: Record<string, number> = {
  'proposal.submitted': 1,
  'vote.cast': 2,
  'proposal.accepted': 3,
  'proposal.rejected': 3,
  'proposal.withdrawn': 3,
  'proposal.aborted': 3,
  'proposal.executed': 4,
  'proposal.pruned': 5,
};

describe.each(DATABASE_KINDS)('webhooks on $kind', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('deliver every event once, in order per proposal, signed, across a receiver outage and a restart', async () => {
    let archive: Archive | null = null;
    const h: Harness = await startHarness({
      seed: 'webhooks',
      livePeriodS: 30,
      keepRecent: 3000,
      archive: () => archive,
    });
    cleanups.push(() => h.close());
    h.node.advance(1, 3000);
    let database: string;
    if (kind.kind === 'pglite') {
      // On disk: the archive service is stopped and started again on it.
      database = mkdtempSync(join(tmpdir(), 'polity-webhooks-'));
      cleanups.push(() => rmSync(database, { recursive: true, force: true }));
    } else {
      const created = await kind.create();
      database = created.database;
      cleanups.push(created.drop);
    }
    const receiver = await TestReceiver.start();
    cleanups.push(() => receiver.kill());
    const webhooks = testWebhooks([receiver.url], { secret: SECRET });
    archive = await startArchiveService(h.base, database, webhooks);
    cleanups.push(() => archive?.close());
    const status = async () =>
      ((await h.get('/polity/archive/v1/status')).json as { webhooks: WebhookStatus[] }).webhooks;
    const caughtUp = async () => archive !== null && (await archivedHeight(archive)) >= h.node.height;
    const live = async (blocks: number) => {
      for (let done = 0; done < blocks; done += 5) {
        h.node.advance(Math.min(5, blocks - done), 3000);
        await until('the archive to catch up', caughtUp);
      }
    };
    const allSent = async () => {
      const [receiverStatus] = await status();
      return receiverStatus?.pending === '0' && receiverStatus.events_up_to_height === String(h.node.height);
    };
    await until('the archive to catch up', caughtUp, 25_000);
    await until('the receiver to be recorded', async () => (await status()).length === 1);
    const startedHeight = BigInt((await status())[0].started_height);

    // While all is well: a proposal with a hostile title, votes on it, a membership change.
    const { alice, bob, carol } = h.node.cast.people;
    h.node.inject(
      submitProposalMsg({
        policyAddress: h.node.cast.policies.coreQuick,
        proposers: [alice],
        title: HOSTILE_TITLE,
        summary: '',
        metadata: '',
        messages: [],
      }),
    );
    await live(1);
    // Live activity may submit proposals in the same block: this one is found by its title.
    const [{ id: hostileId }] = await archive.store.db.query<{ id: string }>(
      'SELECT id::text AS id FROM proposals WHERE title = $1',
      [HOSTILE_TITLE],
    );
    h.node.inject(voteMsg(BigInt(hostileId), bob, 'VOTE_OPTION_YES'));
    h.node.inject(updateMembersMsg(carol, h.node.cast.groups.community, [{ address: bob, weight: '3' }]));
    await live(9);
    await until('everything to be delivered', allSent);

    // The receiver is killed (nothing is in flight: everything was answered), events go on.
    await receiver.kill();
    const killedAt = h.node.height;
    await live(10);
    await until('the failures to show', async () => {
      const [receiverStatus] = await status();
      return receiverStatus.pending !== '0' && receiverStatus.last_error !== null;
    });
    // Polity stops too; the chain goes on without it, then it starts again.
    await archive.close();
    archive = null;
    const stoppedAt = h.node.height;
    h.node.advance(10, 3000);
    archive = await startArchiveService(h.base, database, webhooks);
    await live(5);
    expect(Number((await status())[0].pending)).toBeGreaterThan(0);
    await receiver.restart();
    await until('everything to be delivered after the outage', allSent, 25_000);

    const accepted = receiver.accepted;
    const ids = accepted.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await status())[0].delivered).toBe(String(ids.length));
    for (const entry of accepted) {
      expect(entry.header).toBe(entry.id);
      expect(entry.signature).toBe(`sha256=${createHmac('sha256', SECRET).update(entry.rawBody).digest('hex')}`);
      expect(BigInt(entry.event.height)).toBeGreaterThan(startedHeight);
    }
    const heights = accepted.map((entry) => BigInt(entry.event.height));
    expect(heights.some((height) => height > killedAt && height <= stoppedAt)).toBe(true);
    expect(heights.some((height) => height > stoppedAt + 1n && height <= stoppedAt + 10n)).toBe(true);

    // Nothing missing: every fact archived after the receiver was configured became an event.
    const delivered = new Set(accepted.map(nameOf));
    for (const fact of await expectedEvents(archive, startedHeight)) expect(delivered).toContain(fact);

    // In order per proposal: by height, then submitted, votes, decided, executed, pruned.
    const byProposal = new Map<string, ReceivedEvent[]>();
    for (const entry of accepted) {
      if (!entry.event.proposal) continue;
      byProposal.set(entry.event.proposal.id, [...(byProposal.get(entry.event.proposal.id) ?? []), entry]);
    }
    for (const events of byProposal.values()) {
      const order = events.map((entry) => [BigInt(entry.event.height), RANK[entry.event.type]] as const);
      const sorted = [...order].sort(([h1, r1], [h2, r2]) => (h1 !== h2 ? (h1 < h2 ? -1 : 1) : r1 - r2));
      expect(order).toEqual(sorted);
    }

    // Attacker-written text is tamed in `text`, kept whole in the structured event.
    const hostile = accepted.find(
      (entry) => entry.event.type === 'proposal.submitted' && entry.event.proposal?.id === hostileId,
    );
    expect(hostile?.event.proposal?.title).toBe(HOSTILE_TITLE);
    expect(hostile?.text).toMatch(
      /^\[Embedded \(polity-webhooks\)\] Proposal \d+ “Pay evil now https:\/\/phish\.example long/,
    );
    expect(hostile?.text).toMatch(/…” submitted in group \d+$/);
    expect(hostile?.text.length).toBeLessThan(200);
    const controls = (text: string) =>
      Array.from(text).filter((character) => {
        const point = character.codePointAt(0)!;
        return point < 0x20 || (point >= 0x7f && point <= 0x9f) || (point >= 0x202a && point <= 0x202e);
      });
    for (const entry of accepted) expect(controls(entry.text)).toEqual([]);
  }, 60_000);
});

/** What the test expects of an event, independent of how Polity builds it. */
function nameOf(entry: ReceivedEvent): string {
  const { event } = entry;
  if (event.type === 'vote.cast') return `vote ${event.proposal?.id} ${event.vote?.voter}`;
  if (event.proposal) return `${event.type} ${event.proposal.id} ${event.height}`;
  if (event.group) return `${event.type} ${event.group.id} ${event.height}`;
  return `${event.type} ${event.height}`;
}

const TIMELINE_TYPES: Record<string, (status: string) => string | null> = {
  submitted: () => 'proposal.submitted',
  executed: () => 'proposal.executed',
  pruned: () => 'proposal.pruned',
  voting_ended: (status) => `proposal.${status.replace('PROPOSAL_STATUS_', '').toLowerCase()}`,
  status: (status) =>
    status === 'PROPOSAL_STATUS_SUBMITTED' ? null : `proposal.${status.replace('PROPOSAL_STATUS_', '').toLowerCase()}`,
};
const GROUP_TYPES: Record<string, string> = {
  created: 'group.created',
  member_added: 'group.member_added',
  member_removed: 'group.member_removed',
  weight_changed: 'group.member_weight_changed',
};

/** Every stored fact after `after`, as `nameOf` names its event. */
async function expectedEvents(archive: Archive, after: bigint): Promise<string[]> {
  const db = archive.store.db;
  const since = [String(after)];
  const timeline = await db.query<{ proposal_id: string; height: string; kind: string; status: string | null }>(
    `SELECT proposal_id::text AS proposal_id, height::text AS height, kind, status FROM proposal_timeline
     WHERE height > $1::numeric`,
    since,
  );
  const votes = await db.query<{ proposal_id: string; voter: string }>(
    'SELECT proposal_id::text AS proposal_id, voter FROM votes WHERE height > $1::numeric',
    since,
  );
  const groups = await db.query<{ group_id: string; height: string; kind: string }>(
    'SELECT group_id::text AS group_id, height::text AS height, kind FROM group_history WHERE height > $1::numeric',
    since,
  );
  const expected = [
    ...timeline.flatMap((row) => {
      const type = TIMELINE_TYPES[row.kind]?.(row.status ?? '');
      return type ? [`${type} ${row.proposal_id} ${row.height}`] : [];
    }),
    ...votes.map((row) => `vote ${row.proposal_id} ${row.voter}`),
    ...groups.flatMap((row) =>
      GROUP_TYPES[row.kind] ? [`${GROUP_TYPES[row.kind]} ${row.group_id} ${row.height}`] : [],
    ),
  ];
  // The test's own activity is among them, so an empty list cannot pass by accident.
  expect(expected.filter((entry) => entry.startsWith('vote ')).length).toBeGreaterThan(0);
  expect(expected.filter((entry) => entry.startsWith('group.')).length).toBeGreaterThan(0);
  return expected;
}
