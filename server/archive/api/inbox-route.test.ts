import DecimalJs from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { submitProposalMsg, voteMsg } from '../../node/sim/activity/tx-messages.ts';
import { archivedUpTo, DATABASE_KINDS, followNode, type TestArchive } from '../../test/archive-harness.ts';
import type { TimelineEvent } from '../../test/feed-kit.ts';
import { G, startHarness, type Harness } from '../../test/harness.ts';

// An address's inbox: the open proposals of the groups it belongs to that it has not voted on,
// cross-checked against the node's membership and the archive's own votes; and what became of
// the proposals it voted on.

const A = '/polity/archive/v1';
// Exact for the chain's 18-decimal weights (decimal.js rounds to 20 digits by default).
const Decimal = DecimalJs.clone({ precision: 100 });

interface Inbox {
  address: string;
  as_of_time: string;
  since: string;
  open: { proposal_id: string; group_id: string; weight: string; voting_period_end: string; title: string }[];
  open_total: string;
  decided_total: string;
  decided: { proposal_id: string; option: string; status: string; decided_time: string; weight: string | null }[];
}

describe.each(DATABASE_KINDS)('inbox on $kind', (kind) => {
  let h: Harness;
  let archive: TestArchive;
  let drop: () => Promise<void> = async () => undefined;
  let voted = '';
  let waiting = '';

  async function live(blocks: number): Promise<void> {
    for (let done = 0; done < blocks; done += 10) {
      h.node.advance(Math.min(10, blocks - done), 3000);
      await archivedUpTo(archive, h.node.height);
    }
  }

  const json = async <T>(path: string) => (await h.get(path)).json as T;

  beforeAll(async () => {
    h = await startHarness({ seed: 'inbox', livePeriodS: 30, keepRecent: 3000, archive: () => archive });
    h.node.advance(1, 3000);
    const database = await kind.create();
    drop = database.drop;
    archive = await followNode(h.base, database.database);
    await live(20);
    const { alice, dave } = h.node.cast.people;
    for (const title of ['Dave votes on this one', 'Dave has not voted on this one'])
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
    await live(1);
    const idOf = (title: string) => [...h.node.group.store.proposals.values()].find((p) => p.title === title)!.id;
    voted = String(idOf('Dave votes on this one'));
    waiting = String(idOf('Dave has not voted on this one'));
    h.node.inject(voteMsg(BigInt(voted), dave, 'VOTE_OPTION_NO'));
    await live(1);
  }, 300_000);

  afterAll(async () => {
    await archive?.close();
    await h?.close();
    await drop();
  });

  /** The proposals an address voted on, as the archive's votes say. */
  async function votedOn(address: string): Promise<Set<string>> {
    const votes = await json<{ votes: { proposal_id: string }[] }>(
      `${A}/voters/${address}/votes?pagination.limit=1000`,
    );
    return new Set(votes.votes.map((vote) => vote.proposal_id));
  }

  /** A member's weight in a group as the node answers it now (every page of the group's members). */
  async function weightAtNode(groupId: string, address: string): Promise<string | undefined> {
    let key: string | null = '';
    while (key !== null) {
      type Page = {
        members: { member: { address: string; weight: string } }[];
        pagination: { next_key: string | null };
      };
      const page: Page = await json<Page>(
        `${G}/group_members/${groupId}?pagination.limit=1000&pagination.key=${encodeURIComponent(key)}`,
      );
      const found = page.members.find((entry) => entry.member.address === address);
      if (found) return found.member.weight;
      key = page.pagination.next_key;
    }
    return undefined;
  }

  it('lists the open proposals of the member’s groups it has not voted on, soonest voting end first', async () => {
    for (const member of [h.node.cast.people.dave, h.node.cast.people.bob, h.node.cast.communityMembers[3]]) {
      const inbox = await json<Inbox>(`${A}/inbox/${member}`);
      const groups = await json<{ groups: { id: string }[] }>(`${G}/groups_by_member/${member}?pagination.limit=1000`);
      const groupIds = new Set(groups.groups.map((group) => group.id));
      const open = await json<{ proposals: { id: string; group_id: string }[] }>(
        `${A}/proposals?voting_open=true&order_by=voting_period_end&order=asc&pagination.limit=1000`,
      );
      const votes = await votedOn(member);
      const expected = open.proposals.filter((p) => groupIds.has(p.group_id) && !votes.has(p.id)).map((p) => p.id);
      expect(inbox.open.map((entry) => entry.proposal_id)).toEqual(expected);
      expect(inbox.open_total).toBe(String(expected.length));
      for (const entry of inbox.open) {
        // Cross-checked with the proposal's own votes too: none of them is this member's.
        const onProposal = await json<{ votes: { voter: string }[] }>(
          `${A}/proposals/${entry.proposal_id}/votes?pagination.limit=1000`,
        );
        expect(onProposal.votes.some((vote) => vote.voter === member)).toBe(false);
        expect(entry.weight).toBe(await weightAtNode(entry.group_id, member));
        expect(Date.parse(entry.voting_period_end)).toBeGreaterThanOrEqual(Date.parse(inbox.as_of_time));
      }
    }
    const dave = await json<Inbox>(`${A}/inbox/${h.node.cast.people.dave}`);
    const listed = dave.open.map((entry) => entry.proposal_id);
    expect(listed).not.toContain(voted);
    expect((await votedOn(h.node.cast.people.dave)).has(waiting)).toBe(false);
    expect(listed).toContain(waiting);
  });

  /** DecisionPolicy.Allow at the group's weights now, worked out from the node's own answers. */
  async function expectedStanding(id: string, tally: Record<string, string>) {
    const { proposal } = await json<{ proposal: { group_policy_address: string } }>(`${G}/proposal/${id}`);
    const { info: policy } = await json<{
      info: { group_id: string; decision_policy: { '@type': string; threshold?: string; percentage?: string } };
    }>(`${G}/group_policy_info/${proposal.group_policy_address}`);
    const { info: group } = await json<{ info: { total_weight: string } }>(`${G}/group_info/${policy.group_id}`);
    const total = new Decimal(group.total_weight);
    const rule = policy.decision_policy;
    const line = rule.threshold !== undefined ? Decimal.min(rule.threshold, total) : total.times(rule.percentage ?? 0);
    const yes = new Decimal(tally.yes_count);
    const counted = yes.plus(tally.no_count).plus(tally.abstain_count).plus(tally.no_with_veto_count);
    const undecided = Decimal.max(total.minus(counted), 0);
    const outcome =
      rule.percentage !== undefined && total.isZero()
        ? 'failing'
        : yes.gte(line)
          ? 'passing'
          : yes.plus(undecided).lt(line)
            ? 'failing'
            : 'open';
    return { pass_line: line.toFixed(), yes_needed: Decimal.max(line.minus(yes), 0).toFixed(), outcome };
  }

  it('gives every open proposal its tally at current weights, as the node counts it now', async () => {
    const { dave } = h.node.cast.people;
    const open = await json<{
      proposals: { id: string; live_tally?: { tally: Record<string, string>; standing: unknown } }[];
    }>(`${A}/proposals?voting_open=true&pagination.limit=1000`);
    expect(open.proposals.length).toBeGreaterThan(0);
    const withVotes = open.proposals.filter(
      (p) => p.live_tally && Object.values(p.live_tally.tally).some((w) => w !== '0'),
    );
    expect(withVotes.length, 'an open proposal with votes').toBeGreaterThan(0);
    for (const proposal of open.proposals) {
      const node = await json<{ tally: Record<string, string> }>(`${G}/proposals/${proposal.id}/tally`);
      expect(proposal.live_tally?.tally, `proposal ${proposal.id}`).toEqual(node.tally);
      expect(proposal.live_tally?.standing, `proposal ${proposal.id}`).toEqual(
        await expectedStanding(proposal.id, node.tally),
      );
    }
    const inbox = await json<{ open: { proposal_id: string; live_tally: { tally: Record<string, string> } | null }[] }>(
      `${A}/inbox/${dave}`,
    );
    for (const entry of inbox.open) {
      const node = await json<{ tally: Record<string, string> }>(`${G}/proposals/${entry.proposal_id}/tally`);
      expect(entry.live_tally?.tally, `inbox proposal ${entry.proposal_id}`).toEqual(node.tally);
    }
    // A decided proposal carries none: its final tally is the chain's record.
    const decided = await json<{ proposals: Record<string, unknown>[] }>(
      `${A}/proposals?status=PROPOSAL_STATUS_REJECTED&pagination.limit=5`,
    );
    for (const proposal of decided.proposals) expect(proposal).not.toHaveProperty('live_tally');
  });

  it('lists what was decided since a time, among what the member voted on', async () => {
    const { dave } = h.node.cast.people;
    await live(12);
    const inbox = await json<Inbox>(`${A}/inbox/${dave}`);
    expect(Date.parse(inbox.as_of_time) - Date.parse(inbox.since)).toBe(30 * 24 * 3600 * 1000);
    expect(inbox.open.map((entry) => entry.proposal_id)).not.toContain(voted);
    expect(inbox.decided).toContainEqual(
      expect.objectContaining({ proposal_id: voted, option: 'VOTE_OPTION_NO', status: 'PROPOSAL_STATUS_REJECTED' }),
    );
    // Every decision the archive recorded on what dave voted on, and nothing else.
    const votes = await votedOn(dave);
    const decisions: { id: string; height: bigint }[] = [];
    for (const id of votes) {
      const record = await json<{ proposal: { status: string }; timeline: TimelineEvent[] }>(`${A}/proposals/${id}`);
      if (!/ACCEPTED|REJECTED/.test(record.proposal.status)) continue;
      const decision = record.timeline.find(
        (event) =>
          ['voting_ended', 'status', 'pruned'].includes(event.kind) && /ACCEPTED|REJECTED/.test(event.status ?? ''),
      );
      if (decision) decisions.push({ id, height: BigInt(decision.height) });
    }
    decisions.sort((a, b) =>
      a.height === b.height ? Number(BigInt(b.id) - BigInt(a.id)) : a.height < b.height ? 1 : -1,
    );
    expect(inbox.decided.map((entry) => entry.proposal_id)).toEqual(decisions.map((decision) => decision.id));
    expect(inbox.decided_total).toBe(String(decisions.length));
    const later = await json<Inbox>(`${A}/inbox/${dave}?since=2100-01-01T00:00:00Z`);
    expect(later.decided).toEqual([]);
    expect(later.open).toEqual(inbox.open);
  });

  it('answers a bad address or time with 400 in the archive’s error shape', async () => {
    const { alice } = h.node.cast.people;
    const typo = `${alice.slice(0, -1)}${alice.endsWith('q') ? 'p' : 'q'}`;
    for (const path of ['inbox/not-an-address', `inbox/${typo}`, `inbox/${alice}?since=yesterday`]) {
      const answer = await h.get(`${A}/${path}`);
      expect(answer.status, path).toBe(400);
      expect(answer.json).toMatchObject({ code: 3, details: [] });
    }
  });
});
