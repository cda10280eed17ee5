import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ChainMsg } from '../../node/chain/tx/chain-msgs.ts';
import { submitProposalMsg, updateMembersMsg, voteMsg } from '../../node/sim/activity/tx-messages.ts';
import { archivedUpTo, DATABASE_KINDS, followNode, type TestArchive } from '../../test/archive-harness.ts';
import { startHarness, type Harness } from '../../test/harness.ts';
import type { voterGroupsOf } from './voter-groups.ts';
import { nanos, participationOf, spansOf } from './voter-spans.ts';

// Every group an address was ever in, from the archive's membership history: Leo voted in the
// "Departed member" group and left it before the archive began (the demo's history); here he
// rejoins, votes, changes weight and leaves again under the archive's eyes, and his last vote is
// tallied after he left, so it counts nothing. Counts are checked against his list of votes.

const A = '/polity/archive/v1';

/** The answer as JSON: the store's own shape (ids, counts and heights are strings). */
type VoterGroups = Awaited<ReturnType<typeof voterGroupsOf>>;

const leaveMsg = (groupId: bigint, address: string): ChainMsg => ({
  typeUrl: '/cosmos.group.v1.MsgLeaveGroup',
  value: { address, groupId },
});

describe('membership spans and proposals against them', () => {
  const at = (minute: number) => `2026-11-01T00:${String(minute).padStart(2, '0')}:00.000000001Z`;
  const event = (height: string, kind: string, value: string | null) => ({
    height,
    block_time: at(Number(height)),
    kind,
    new_value: value,
  });
  const proposal = (
    id: string,
    from: number,
    to: number,
    vote: number | null,
    status = 'PROPOSAL_STATUS_SUBMITTED',
  ) => ({
    id,
    status,
    submit_time: at(from),
    voting_period_end: at(to),
    closed_time: null,
    vote_time: vote === null ? null : at(vote),
    counted: null,
  });

  it('orders chain times to the nanosecond', () => {
    expect(nanos('2026-11-01T00:00:00.000000002Z')! - nanos('2026-11-01T00:00:00.000000001Z')!).toBe(1n);
    expect(nanos('2026-11-01T01:00:00+01:00')).toBe(nanos('2026-11-01T00:00:00Z'));
    expect(nanos('yesterday')).toBeNull();
  });

  it('keeps only real weight changes, and opens a new span on rejoining', () => {
    const spans = spansOf([
      event('10', 'member_known', '1'),
      event('12', 'weight_changed', '1.0'),
      event('14', 'weight_changed', '2'),
      event('20', 'member_removed', null),
      event('30', 'member_added', '2'),
    ]);
    expect(spans.map((span) => [span.from, span.from_height, span.to_height])).toEqual([
      ['known', '10', '20'],
      ['joined', '30', null],
    ]);
    expect(spans[0].weights.map((step) => step.weight)).toEqual(['1', '2']);
  });

  it('counts proposals open during a span; a vote outside every span is explained, not dropped', () => {
    const events = [event('10', 'member_added', '1'), event('20', 'member_removed', null)];
    const result = participationOf(
      events,
      [proposal('1', 1, 5, 3), proposal('2', 8, 12, null), proposal('3', 15, 40, 16), proposal('4', 20, 30, null)],
      at(0),
    );
    expect(result).toMatchObject({ proposals_while_member: '2', voted: '1', votes: '2', member_now: false });
    expect(result.votes_outside.first).toEqual([{ proposal_id: '1', vote_time: at(3) }]);
  });
});

describe.each(DATABASE_KINDS)('groups of a voter on $kind', (kind) => {
  let h: Harness;
  let archive: TestArchive;
  let drop: () => Promise<void> = async () => undefined;
  const heights = { rejoined: '', reweighted: '', left: '' };
  let counted = '';
  let earlyVote = '';
  /** Leo's groups before he rejoins: what the demo's history left (and the e2e chain shows). */
  let beforeRejoin: VoterGroups;
  /** The demo's member of the most groups. */
  let busiest = '';

  async function live(blocks: number): Promise<void> {
    for (let done = 0; done < blocks; done += 10) {
      h.node.advance(Math.min(10, blocks - done), 3000);
      await archivedUpTo(archive, h.node.height);
    }
  }
  /** Delivers a message in the next block and returns that block's height. */
  async function inBlock(msg: ChainMsg): Promise<string> {
    h.node.inject(msg);
    await live(1);
    return String(h.node.height);
  }
  const json = async <T>(path: string) => (await h.get(path)).json as T;
  const groupsOf = (address: string) => json<VoterGroups>(`${A}/voters/${address}/groups?pagination.limit=1000`);

  beforeAll(async () => {
    h = await startHarness({ seed: 'voter-groups', livePeriodS: 30, keepRecent: 3000, archive: () => archive });
    h.node.advance(1, 3000);
    const database = await kind.create();
    drop = database.drop;
    archive = await followNode(h.base, database.database);
    await live(5);
    const { erin, leo } = h.node.cast.people;
    const group = h.node.cast.groups.departed;
    earlyVote = String(h.node.cast.proposals.departed);
    beforeRejoin = await groupsOf(leo);
    let most = 0;
    for (const address of Object.values(h.node.cast.people)) {
      const count = (await groupsOf(address)).groups.length;
      if (count > most) [busiest, most] = [address, count];
    }
    heights.rejoined = await inBlock(updateMembersMsg(erin, group, [{ address: leo, weight: '3' }]));
    h.node.inject(
      submitProposalMsg({
        policyAddress: h.node.cast.policies.departed,
        proposers: [erin],
        title: 'Counted without Leo',
        summary: '',
        metadata: '',
        messages: [],
      }),
    );
    await live(1);
    counted = String(h.node.group.store.proposalSeq);
    await inBlock(voteMsg(BigInt(counted), leo, 'VOTE_OPTION_YES'));
    // The same weight again is no change; 4 is.
    await inBlock(updateMembersMsg(erin, group, [{ address: leo, weight: '3' }]));
    heights.reweighted = await inBlock(updateMembersMsg(erin, group, [{ address: leo, weight: '4' }]));
    heights.left = await inBlock(leaveMsg(group, leo));
    // Erin's 2 of the 4 left is half: accepted at once, without Leo's vote.
    await inBlock(voteMsg(BigInt(counted), erin, 'VOTE_OPTION_YES', '', true));
    expect(h.node.group.store.proposal(BigInt(counted))?.status ?? 'pruned').not.toBe('PROPOSAL_STATUS_SUBMITTED');
    await live(2);
  }, 300_000);

  afterAll(async () => {
    await archive?.close();
    await h?.close();
    await drop();
  });

  it('lists a group the voter left, with each join and leave at its height and time, and real weight changes', async () => {
    const { leo } = h.node.cast.people;
    const answer = await groupsOf(leo);
    expect(answer.archive_from_height).not.toBeNull();
    const departed = answer.groups.find((group) => group.group_id === String(h.node.cast.groups.departed));
    expect(departed).toBeDefined();
    expect(departed!.group_name).toBe('Departed member');
    expect(departed!.member_now).toBe(false);
    expect(departed!.weight_now).toBeNull();
    expect(departed!.spans).toEqual([
      expect.objectContaining({ from: 'joined', from_height: heights.rejoined, to_height: heights.left }),
    ]);
    const [span] = departed!.spans;
    expect(Date.parse(span.from_time)).toBeLessThan(Date.parse(span.to_time!));
    expect(span.weights.map((step) => [step.height, step.weight])).toEqual([
      [heights.rejoined, '3'],
      [heights.reweighted, '4'],
    ]);
    // The history says the same, event for event.
    const history = await json<{ events: { height: string; kind: string; address: string | null }[] }>(
      `${A}/groups/${departed!.group_id}/history?pagination.limit=1000`,
    );
    const mine = history.events.filter((event) => event.address === leo).map((event) => [event.height, event.kind]);
    expect(mine).toEqual([
      [heights.rejoined, 'member_added'],
      [heights.reweighted, 'weight_changed'],
      [heights.left, 'member_removed'],
    ]);
  });

  it('explains each of his votes there: one cast before the archive began, one that did not count as he had left', async () => {
    const { leo } = h.node.cast.people;
    const group = String(h.node.cast.groups.departed);
    // Before he rejoined, the archive never saw him a member: his vote of the demo's history is
    // outside any span it knows, cast before its first block (only a member can vote).
    const early = beforeRejoin.groups.find((g) => g.group_id === group)!;
    expect(early).toMatchObject({ member_now: false, spans: [], votes: '1', voted: '0', proposals_while_member: '0' });
    expect(early.votes_outside.first).toEqual([expect.objectContaining({ proposal_id: earlyVote })]);
    expect(Date.parse(early.votes_outside.first[0].vote_time)).toBeLessThan(
      Date.parse(beforeRejoin.archive_from_time!),
    );
    expect(early.votes_pending.first).toEqual([{ proposal_id: earlyVote }]);
    // Rejoined, that proposal was open while he was a member again: it counts among his proposals.
    const departed = (await groupsOf(leo)).groups.find((g) => g.group_id === group)!;
    expect(departed.votes_outside.count).toBe('0');
    expect(departed.votes_not_counted.first).toEqual([{ proposal_id: counted, status: 'PROPOSAL_STATUS_ACCEPTED' }]);
    expect(departed.votes_pending.first).toEqual([{ proposal_id: earlyVote }]);
    expect(departed).toMatchObject({ votes: '2', voted: '2', votes_counted: '0' });
    expect(BigInt(departed.proposals_while_member)).toBeGreaterThanOrEqual(2n);
    const record = await json<{ votes: { proposal_id: string; weight: string | null; proposal_status: string }[] }>(
      `${A}/voters/${leo}/votes?pagination.limit=1000`,
    );
    expect(record.votes.find((vote) => vote.proposal_id === counted)).toMatchObject({
      weight: null,
      proposal_status: 'PROPOSAL_STATUS_ACCEPTED',
    });
  });

  it('counts, group by group, exactly the votes the voter’s list holds', async () => {
    const { leo, erin } = h.node.cast.people;
    for (const address of [leo, busiest, erin, h.node.cast.communityMembers[3]]) {
      const answer = await groupsOf(address);
      const record = await json<{ votes: { proposal_id: string; group_id: string }[] }>(
        `${A}/voters/${address}/votes?pagination.limit=1000`,
      );
      const listed = new Map<string, number>();
      for (const vote of record.votes) listed.set(vote.group_id, (listed.get(vote.group_id) ?? 0) + 1);
      for (const group of answer.groups) {
        expect(group.votes, `${address} in ${group.group_id}`).toBe(String(listed.get(group.group_id) ?? 0));
        expect(BigInt(group.voted) + BigInt(group.votes_outside.count)).toBe(BigInt(group.votes));
        expect(BigInt(group.voted)).toBeLessThanOrEqual(BigInt(group.proposals_while_member));
        const outcomes = [
          group.votes_counted,
          group.votes_not_counted.count,
          group.votes_pending.count,
          group.votes_never_tallied,
        ];
        expect(outcomes.reduce((sum, n) => sum + BigInt(n), 0n)).toBe(BigInt(group.votes));
      }
      expect(answer.groups.map((group) => group.group_id).filter((id) => listed.has(id))).toEqual(
        [...listed.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)),
      );
    }
  });

  it('counts a member since the archive began against every proposal that closed after that', async () => {
    const answer = await groupsOf(busiest);
    const start = Date.parse(answer.archive_from_time!);
    let checked = 0;
    for (const group of answer.groups.filter((g) => g.spans.length === 1 && g.spans[0].from === 'known')) {
      expect(group.member_now).toBe(true);
      const proposals = await json<{ proposals: { voting_period_end: string; status: string }[] }>(
        `${A}/proposals?group_id=${group.group_id}&pagination.limit=1000`,
      );
      // Withdrawn and aborted proposals close early: only the others have a plain window.
      const plain = proposals.proposals.filter((p) => !/WITHDRAWN|ABORTED/.test(p.status));
      if (plain.length !== proposals.proposals.length) continue;
      const open = plain.filter((p) => Date.parse(p.voting_period_end) >= start).length;
      expect(group.proposals_while_member, `group ${group.group_id}`).toBe(String(open));
      expect(group.proposals_before_archive).toBe(String(plain.length - open));
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('pages by group id, and answers a bad address or key with 400 in the archive’s error shape', async () => {
    const { alice } = h.node.cast.people;
    const all = (await groupsOf(busiest)).groups.map((group) => group.group_id);
    expect(all.length).toBeGreaterThan(1);
    const paged: string[] = [];
    let key: string | null = null;
    do {
      const suffix: string = key ? `&pagination.key=${encodeURIComponent(key)}` : '&pagination.count_total=true';
      const page: VoterGroups = await json<VoterGroups>(`${A}/voters/${busiest}/groups?pagination.limit=1${suffix}`);
      if (!key) expect(page.pagination.total).toBe(String(all.length));
      paged.push(...page.groups.map((group) => group.group_id));
      key = page.pagination.next_key;
    } while (key);
    expect(paged).toEqual(all);
    const typo = `${alice.slice(0, -1)}${alice.endsWith('q') ? 'p' : 'q'}`;
    for (const path of [
      'voters/not-an-address/groups',
      `voters/${typo}/groups`,
      `voters/${alice}/groups?pagination.key=nonsense`,
      `voters/${alice}/groups?pagination.limit=5000`,
    ]) {
      const answer = await h.get(`${A}/${path}`);
      expect(answer.status, path).toBe(400);
      expect(answer.json).toMatchObject({ code: 3, message: expect.any(String), details: [] });
    }
    const nobody = await json<VoterGroups>(`${A}/voters/${alice.toUpperCase()}/groups`);
    expect(nobody.address).toBe(alice);
  });
});
