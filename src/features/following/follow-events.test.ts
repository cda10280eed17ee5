import { describe, expect, it } from 'vitest';

import type { ArchivedProposal } from '../../api/archive.ts';
import { alice, bob, policy } from '../../test/chain-fixtures.ts';
import { archivedOpen } from '../../test/fake-archive.ts';
import { decisionsToLookUp, decisionTime, detectEvents, eventId, type Notified, type Poll } from './follow-events.ts';
import type { FollowedItem } from './follow-store.ts';
import { noticesFor } from './notices.ts';

const T0 = Date.parse('2026-03-01T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString();

const followed = (item: Partial<FollowedItem> & Pick<FollowedItem, 'kind' | 'id'>): FollowedItem => ({
  endpoint: '',
  name: 'Core contributors',
  followedAt: at(T0),
  ...item,
});
const coreGroup = followed({ kind: 'group', id: '1' });

const proposalOf = (id: string, changes: Partial<ArchivedProposal> = {}): ArchivedProposal => ({
  ...archivedOpen,
  id,
  title: `Proposal ${id}`,
  submit_time: at(T0 + 5 * MINUTE),
  voting_period_end: at(T0 + 5 * MINUTE + 3 * 24 * HOUR),
  ...changes,
});

const nothingNotified: Notified = { has: () => false, quietBefore: 0 };
const notifiedOf = (ids: string[]): Notified => ({ has: (id) => ids.includes(id), quietBefore: 0 });

const poll = (chainNow: number, proposals: ArchivedProposal[], decidedAt: Record<string, number> = {}): Poll => ({
  endpoint: '',
  chainNow,
  proposals,
  decidedAt: new Map(Object.entries(decidedAt)),
});

const kindsOf = (items: FollowedItem[], observed: Poll, notified = nothingNotified) =>
  detectEvents(items, observed, notified).map((event) => `${event.kind} #${event.proposal.id}`);

describe('what is news for followed items', () => {
  it('a proposal opening in a followed group after it was followed, and not one from before', () => {
    const before = proposalOf('3', { submit_time: at(T0 - MINUTE) });
    const after = proposalOf('4');
    expect(kindsOf([coreGroup], poll(T0 + 6 * MINUTE, [before, after]))).toEqual(['opened #4']);
  });

  it('an opening in a followed policy, or by a followed voter as proposer; not in another group', () => {
    const inPolicy = proposalOf('4', { group_id: '2', group_policy_address: policy.address });
    const byBob = proposalOf('5', { group_id: '2', group_policy_address: 'elsewhere', proposers: [bob] });
    const unrelated = proposalOf('6', { group_id: '2', group_policy_address: 'elsewhere', proposers: [alice] });
    const items = [followed({ kind: 'policy', id: policy.address }), followed({ kind: 'voter', id: bob })];
    expect(kindsOf(items, poll(T0 + 6 * MINUTE, [inPolicy, byBob, unrelated]))).toEqual(['opened #4', 'opened #5']);
  });

  it('a followed proposal is never "opened": it existed when it was followed', () => {
    const item = followed({ kind: 'proposal', id: '4', followedAt: at(T0 + 10 * MINUTE) });
    expect(kindsOf([item], poll(T0 + 11 * MINUTE, [proposalOf('4', { submit_time: at(T0 + 20 * MINUTE) })]))).toEqual(
      [],
    );
  });

  it('24 hours and then 1 hour before the end of the vote, once each poll crosses them', () => {
    const open = proposalOf('4');
    const ends = Date.parse(open.voting_period_end!);
    const notified = notifiedOf([eventId('opened', '4', '')]);
    expect(kindsOf([coreGroup], poll(ends - 24 * HOUR - 1, [open]), notified)).toEqual([]);
    expect(kindsOf([coreGroup], poll(ends - 24 * HOUR, [open]), notified)).toEqual(['closing-24h #4']);
    expect(kindsOf([coreGroup], poll(ends - HOUR - 1, [open]), notified)).toEqual(['closing-24h #4']);
    expect(kindsOf([coreGroup], poll(ends - HOUR, [open]), notified)).toEqual(['closing-1h #4']);
    // Once the vote is over there is no deadline left to tell of.
    expect(kindsOf([coreGroup], poll(ends, [open]), notified)).toEqual([]);
  });

  it('only the nearest deadline when a poll comes late (back 30 minutes before the end: "1 hour")', () => {
    const open = proposalOf('4', { submit_time: at(T0 - HOUR) });
    const ends = Date.parse(open.voting_period_end!);
    expect(kindsOf([coreGroup], poll(ends - 30 * MINUTE, [open]))).toEqual(['closing-1h #4']);
  });

  it('no deadline that passed before the item was followed, nor one a short vote opened inside', () => {
    const open = proposalOf('4', { submit_time: at(T0 - 3 * 24 * HOUR) });
    const ends = Date.parse(open.voting_period_end!);
    const lateFollower = followed({ kind: 'group', id: '1', followedAt: at(ends - 2 * HOUR) });
    expect(kindsOf([lateFollower], poll(ends - 23 * HOUR, [open]))).toEqual([]);
    expect(kindsOf([lateFollower], poll(ends - 30 * MINUTE, [open]))).toEqual(['closing-1h #4']);
    const quick = proposalOf('5', { voting_period_end: at(T0 + 5 * MINUTE + 24_000) });
    const notified = notifiedOf([eventId('opened', '5', '')]);
    // Followed long before: the hour before its end began before it existed, not after the follow.
    const longFollowed = followed({ kind: 'group', id: '1', followedAt: at(T0 - 24 * HOUR) });
    expect(kindsOf([longFollowed], poll(T0 + 5 * MINUTE + 10_000, [quick]), notified)).toEqual([]);
  });

  it('a decision known from the timeline, if made after the item was followed', () => {
    const decided = proposalOf('4', { status: 'PROPOSAL_STATUS_REJECTED' });
    const old = proposalOf('3', { status: 'PROPOSAL_STATUS_ACCEPTED', submit_time: at(T0 - 2 * HOUR) });
    const notified = notifiedOf([eventId('opened', '4', '')]);
    const observed = poll(T0 + HOUR, [decided, old], { '4': T0 + 30 * MINUTE, '3': T0 - MINUTE });
    expect(kindsOf([coreGroup], observed, notified)).toEqual(['decided #4']);
    // Without its decision time a decided proposal waits: it may be from before the follow.
    expect(kindsOf([coreGroup], poll(T0 + HOUR, [decided]), notified)).toEqual([]);
  });

  it('withdrawn and aborted count as decided; a voter followed only hears of openings', () => {
    const withdrawn = proposalOf('4', { status: 'PROPOSAL_STATUS_WITHDRAWN', proposers: [bob] });
    const aborted = proposalOf('5', { status: 'PROPOSAL_STATUS_ABORTED' });
    const notified = notifiedOf([eventId('opened', '4', ''), eventId('opened', '5', '')]);
    const observed = poll(T0 + HOUR, [withdrawn, aborted], { '4': T0 + 10 * MINUTE, '5': T0 + 20 * MINUTE });
    expect(kindsOf([coreGroup], observed, notified)).toEqual(['decided #4', 'decided #5']);
    expect(kindsOf([followed({ kind: 'voter', id: bob })], observed, notified)).toEqual([]);
  });

  it('one event however many followed items concern it, and none twice', () => {
    const open = proposalOf('4', { group_policy_address: policy.address });
    const items = [coreGroup, followed({ kind: 'policy', id: policy.address }), followed({ kind: 'voter', id: alice })];
    const first = detectEvents(items, poll(T0 + 6 * MINUTE, [open]), nothingNotified);
    expect(first.map((event) => event.id)).toEqual([eventId('opened', '4', '')]);
    expect(first[0].via).toBe(coreGroup);
    expect(detectEvents(items, poll(T0 + 7 * MINUTE, [open]), notifiedOf([first[0].id]))).toEqual([]);
  });

  it('nothing from before the record’s quiet time, nor from another endpoint', () => {
    const open = proposalOf('4');
    expect(
      kindsOf([coreGroup], poll(T0 + 6 * MINUTE, [open]), { has: () => false, quietBefore: T0 + 6 * MINUTE }),
    ).toEqual([]);
    expect(kindsOf([{ ...coreGroup, endpoint: '/upstream/hub' }], poll(T0 + 6 * MINUTE, [open]))).toEqual([]);
  });
});

describe('when a proposal was decided', () => {
  const proposal = proposalOf('4', { status: 'PROPOSAL_STATUS_ACCEPTED' });
  const ends = Date.parse(proposal.voting_period_end!);

  it('reads the timeline of decided proposals that can be news, and no other', () => {
    const longAgo = proposalOf('3', {
      status: 'PROPOSAL_STATUS_REJECTED',
      submit_time: at(T0 - 4 * 24 * HOUR),
      voting_period_end: at(T0 - 24 * HOUR),
    });
    const open = proposalOf('5');
    const told = notifiedOf([eventId('decided', '6', '')]);
    const alreadyTold = proposalOf('6', { status: 'PROPOSAL_STATUS_REJECTED' });
    expect(decisionsToLookUp([coreGroup], '', [proposal, longAgo, open, alreadyTold], told)).toEqual(['4']);
  });

  it('is the first final status in the timeline; when first seen already decided, by its voting end', () => {
    const timeline = [
      { height: '10', time: at(T0 + 5 * MINUTE), kind: 'submitted', status: 'PROPOSAL_STATUS_SUBMITTED', detail: null },
      { height: '20', time: at(ends + 400), kind: 'voting_ended', status: 'PROPOSAL_STATUS_ACCEPTED', detail: null },
      { height: '30', time: at(ends + HOUR), kind: 'pruned', status: 'PROPOSAL_STATUS_ACCEPTED', detail: null },
    ];
    expect(decisionTime(proposal, timeline)).toBe(ends + 400);
    const firstSeen = [
      { height: '40', time: at(ends + 24 * HOUR), kind: 'first_seen', status: proposal.status, detail: null },
    ];
    expect(decisionTime(proposal, firstSeen)).toBe(ends);
    expect(decisionTime(proposal, timeline.slice(0, 1))).toBeNull();
  });
});

describe('the notifications’ words', () => {
  it('tell the event with on-chain text defused, one per event, and fold several late ones into a summary', () => {
    const hostile = proposalOf('4', { title: 'Pay the \u202Eauditors', group_name: 'Core\u202E' });
    const [opened] = detectEvents([coreGroup], poll(T0 + 6 * MINUTE, [hostile]), nothingNotified);
    const [notice] = noticesFor([opened], '', T0 + 6 * MINUTE);
    expect(notice).toMatchObject({ title: 'New proposal in Core⟨RLO⟩', tag: opened.id, path: '/proposals/4' });
    expect(notice.body).toMatch(/^#4 Pay the ⟨RLO⟩auditors\nVoting ends in 2 days 23 hours\.$/);
    const late = detectEvents([coreGroup], poll(T0 + 5 * HOUR, [proposalOf('5'), proposalOf('6')]), nothingNotified);
    const notices = noticesFor(late, '/upstream/hub', T0 + 5 * HOUR);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: '2 updates on what you follow',
      path: '/following?api=%2Fupstream%2Fhub',
    });
    expect(notices[0].events).toEqual(late.map((event) => event.id));
  });
});
