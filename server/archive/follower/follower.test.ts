import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { submitProposalMsg, updateMembersMsg, voteMsg } from '../../node/sim/activity/tx-messages.ts';
import { archiveDump, archivedUpTo, DATABASE_KINDS, followNode, type TestArchive } from '../../test/archive-harness.ts';
import { G, startHarness, type Harness } from '../../test/harness.ts';

const A = '/polity/archive/v1';

describe.each(DATABASE_KINDS)('archive on $kind', (kind) => {
  let h: Harness;
  let archive: TestArchive;
  let second: TestArchive;
  let openAcrossStop = '';
  const drops: (() => Promise<void>)[] = [];

  /** Advances the chain in steps, letting both followers keep up as they would at the tip. */
  async function live(blocks: number): Promise<void> {
    for (let done = 0; done < blocks; done += 10) {
      h.node.advance(Math.min(10, blocks - done), 3000);
      await archivedUpTo(archive, h.node.height);
    }
  }

  beforeAll(async () => {
    h = await startHarness({ seed: 'archive', livePeriodS: 30, keepRecent: 3000, archive: () => archive });
    h.node.advance(1, 3000);
    const main = await kind.create();
    const other = await kind.create();
    drops.push(main.drop, other.drop);
    archive = await followNode(h.base, main.database);
    second = await followNode(h.base, other.database);
    await archivedUpTo(archive, h.node.height);
    await archivedUpTo(second, h.node.height);
    // A proposal open when the second follower stops, whose voting ends while it is stopped: on
    // resume the follower must still know it is open, or its decision at voting end is lost.
    h.node.inject(
      submitProposalMsg({
        policyAddress: h.node.cast.policies.coreQuick,
        proposers: [h.node.cast.people.alice],
        title: 'Open across the restart',
        summary: '',
        metadata: '',
        messages: [],
      }),
    );
    h.node.advance(1, 3000);
    openAcrossStop = String(h.node.group.store.proposalSeq);
    await archivedUpTo(archive, h.node.height);
    await archivedUpTo(second, h.node.height);
    // The second follower is stopped and restarted mid-way: it must end where the first does.
    await second.stopFollowing();
    await live(120);
  }, 240_000);

  afterAll(async () => {
    await archive?.close();
    await second?.close();
    await h?.close();
    for (const drop of drops) await drop();
  });

  it('keeps an executed, pruned proposal with its votes and its timeline', async () => {
    const rows = await archive.db.query<{ id: string }>(
      `SELECT p.id::text AS id FROM proposals p WHERE p.pruned_height IS NOT NULL
       AND p.executor_result = 'PROPOSAL_EXECUTOR_RESULT_SUCCESS' AND EXISTS (SELECT 1 FROM votes v WHERE v.proposal_id = p.id)
       AND EXISTS (SELECT 1 FROM proposal_timeline t WHERE t.proposal_id = p.id AND t.kind = 'submitted')
       ORDER BY p.id LIMIT 1`,
    );
    expect(rows).toHaveLength(1);
    const id = rows[0].id;
    expect((await h.get(`${G}/proposal/${id}`)).status).toBe(500);
    const record = (await h.get(`${A}/proposals/${id}`)).json as {
      proposal: { on_chain: boolean; status: string };
      timeline: { kind: string }[];
    };
    expect(record.proposal.on_chain).toBe(false);
    expect(record.proposal.status).toBe('PROPOSAL_STATUS_ACCEPTED');
    expect(record.timeline.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['submitted', 'executed', 'pruned']),
    );
    const votes = (await h.get(`${A}/proposals/${id}/votes`)).json as {
      votes: { pruned_from_chain: boolean; weight: string }[];
    };
    expect(votes.votes.length).toBeGreaterThan(0);
    expect(votes.votes.every((vote) => vote.pruned_from_chain)).toBe(true);
  });

  it('archives a vote with EXEC_TRY that executed and pruned its proposal in the same transaction', async () => {
    const { alice, bob } = h.node.cast.people;
    h.node.inject(
      submitProposalMsg({
        policyAddress: h.node.cast.policies.coreQuick,
        proposers: [alice],
        title: 'Injected for the archive test',
        summary: '',
        metadata: '',
        messages: [],
      }),
    );
    await live(1);
    const id = h.node.group.store.proposalSeq;
    expect(h.node.group.store.proposal(id)?.status).toBe('PROPOSAL_STATUS_SUBMITTED');
    h.node.inject(voteMsg(id, bob, 'VOTE_OPTION_YES', 'try now', true));
    await live(1);
    const height = h.node.height;
    expect(h.node.group.store.proposal(id)).toBeUndefined();
    const record = (await h.get(`${A}/proposals/${id}`)).json as { proposal: Record<string, unknown> };
    expect(record.proposal).toMatchObject({
      status: 'PROPOSAL_STATUS_ACCEPTED',
      executor_result: 'PROPOSAL_EXECUTOR_RESULT_SUCCESS',
      pruned_height: String(height),
      on_chain: false,
    });
    const votes = (await h.get(`${A}/proposals/${id}/votes`)).json as { votes: Record<string, unknown>[] };
    expect(votes.votes).toEqual([
      expect.objectContaining({ voter: bob, option: 'VOTE_OPTION_YES', metadata: 'try now', weight: '2' }),
    ]);
  });

  it('archives a finalization at voting end (no event on the node) with the tally the node stored', async () => {
    const rows = await archive.db.query<{ id: string; height: string; final_tally: string }>(
      `SELECT t.proposal_id::text AS id, t.height::text AS height, p.final_tally FROM proposal_timeline t
       JOIN proposals p ON p.id = t.proposal_id WHERE t.kind = 'voting_ended' ORDER BY t.height LIMIT 5`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const atNode = (await h.get(`${G}/proposal/${row.id}`, { headers: { 'x-cosmos-block-height': row.height } }))
        .json as {
        proposal: { final_tally_result: unknown; status: string };
      };
      expect(JSON.parse(row.final_tally)).toEqual(atNode.proposal.final_tally_result);
      const votes = (await h.get(`${A}/proposals/${row.id}/votes?pagination.limit=1000`)).json as {
        votes: { option: string; weight: string | null }[];
      };
      const yes = votes.votes
        .filter((vote) => vote.option === 'VOTE_OPTION_YES' && vote.weight !== null)
        .reduce((sum, vote) => sum.plus(vote.weight!), new Decimal(0));
      expect(yes.eq((atNode.proposal.final_tally_result as { yes_count: string }).yes_count)).toBe(true);
    }
  });

  it('gives each vote the weight its voter had when the tally was made', async () => {
    const { carol } = h.node.cast.people;
    const community = h.node.cast.groups.community;
    const [changed, unchanged] = h.node.cast.communityMembers.slice(-2);
    h.node.inject(
      submitProposalMsg({
        policyAddress: h.node.cast.policies.communityQuick,
        proposers: [carol],
        title: 'Weights move during the vote',
        summary: '',
        metadata: '',
        messages: [],
      }),
    );
    await live(1);
    const id = h.node.group.store.proposalSeq;
    h.node.inject(voteMsg(id, changed, 'VOTE_OPTION_NO'));
    h.node.inject(voteMsg(id, unchanged, 'VOTE_OPTION_NO'));
    await live(1);
    h.node.inject(updateMembersMsg(carol, community, [{ address: changed, weight: '7.25' }]));
    await live(12);
    const votes = (await h.get(`${A}/proposals/${id}/votes?order_by=weight&order=desc`)).json as {
      votes: { voter: string; weight: string }[];
    };
    const weightOf = (voter: string) => votes.votes.find((vote) => vote.voter === voter)?.weight;
    expect(weightOf(changed)).toBe('7.25');
    expect(weightOf(unchanged)).toBe('1');
    const history = (await h.get(`${A}/groups/${community}/history?order=desc&pagination.limit=5`)).json as {
      events: { kind: string; address: string; old_value: string; new_value: string }[];
    };
    expect(history.events).toContainEqual(
      expect.objectContaining({ kind: 'weight_changed', address: changed, old_value: '1', new_value: '7.25' }),
    );
    // The pass line of its final tally is drawn at the group's total weight when it was tallied,
    // which a later change does not move.
    type Record = { tallied_with: { total_weight: string; decision_policy: { '@type': string } } | null };
    const talliedAt = ((await h.get(`${A}/proposals/${id}`)).json as Record).tallied_with;
    const groupThen = (await h.get(`/cosmos/group/v1/group_info/${community}`)).json as {
      info: { total_weight: string };
    };
    expect(talliedAt?.total_weight).toBe(groupThen.info.total_weight);
    expect(talliedAt?.decision_policy['@type']).toBe('/cosmos.group.v1.PercentageDecisionPolicy');
    h.node.inject(updateMembersMsg(carol, community, [{ address: changed, weight: '1' }]));
    await live(2);
    expect(((await h.get(`${A}/proposals/${id}`)).json as Record).tallied_with).toEqual(talliedAt);
  });

  it('a follower stopped mid-way resumes from its last block: nothing lost, nothing doubled', async () => {
    const status = async (db: TestArchive['db']) =>
      (await db.query<{ status: string }>('SELECT status FROM proposals WHERE id = $1', [openAcrossStop]))[0]?.status;
    expect(await status(second.db)).toBe('PROPOSAL_STATUS_SUBMITTED');
    expect(await status(archive.db)).toMatch(/ACCEPTED|REJECTED/);
    const resumed = await followNode(h.base, '', second.db);
    await archivedUpTo(resumed, h.node.height);
    await resumed.stopFollowing();
    expect(await archiveDump(resumed)).toBe(await archiveDump(archive));
  });

  it('filters a voter’s whole record by option and group, in SQL, with the total of what matches', async () => {
    const [busiest] = await archive.db.query<{ voter: string; group_id: string }>(
      `SELECT v.voter, min(p.group_id)::text AS group_id FROM votes v JOIN proposals p ON p.id = v.proposal_id
       GROUP BY v.voter ORDER BY count(*) DESC, v.voter LIMIT 1`,
    );
    const record = (query: string) =>
      h.get(`${A}/voters/${busiest.voter}/votes?pagination.count_total=true&pagination.limit=1000${query}`);
    type Page = { votes: { option: string; group_id: string; proposal_id: string }[]; pagination: { total: string } };
    const all = (await record('')).json as Page;
    const yes = (await record('&option=VOTE_OPTION_YES')).json as Page;
    expect(yes.votes.length).toBeGreaterThan(0);
    expect(yes.votes.length).toBeLessThan(all.votes.length);
    expect(yes.votes.every((vote) => vote.option === 'VOTE_OPTION_YES')).toBe(true);
    expect(yes.pagination.total).toBe(String(yes.votes.length));
    const inGroup = (await record(`&group_id=${busiest.group_id}&order=asc`)).json as Page;
    expect(inGroup.votes.every((vote) => vote.group_id === busiest.group_id)).toBe(true);
    const ids = inGroup.votes.map((vote) => BigInt(vote.proposal_id));
    expect(ids).toEqual([...ids].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0)));
    expect((await record('&option=YES')).status).toBe(400);
  });

  it('serves the archive API with the node’s error shape for bad input', async () => {
    const list = (
      await h.get(
        `${A}/proposals?status=PROPOSAL_STATUS_ACCEPTED&order_by=voting_period_end&pagination.limit=2&pagination.count_total=true`,
      )
    ).json as { proposals: { status: string }[]; pagination: { next_key: string; total: string } };
    expect(list.proposals).toHaveLength(2);
    expect(Number(list.pagination.total)).toBeGreaterThan(2);
    const next = (
      await h.get(
        `${A}/proposals?status=PROPOSAL_STATUS_ACCEPTED&order_by=voting_period_end&pagination.limit=2&pagination.key=${encodeURIComponent(list.pagination.next_key)}`,
      )
    ).json as { proposals: { id: string }[] };
    expect(next.proposals.map((proposal) => proposal.id)).not.toContain(list.proposals[0]);
    const found = (await h.get(`${A}/proposals?q=weights%20mov`)).json as { proposals: { title: string }[] };
    expect(found.proposals.map((proposal) => proposal.title)).toEqual(['Weights move during the vote']);
    expect((await h.get(`${A}/proposals?status=LOST`)).json).toMatchObject({ code: 3 });
    expect((await h.get(`${A}/proposals?group_id=-1`)).status).toBe(400);
    expect((await h.get(`${A}/proposals?pagination.key=%%%`)).status).toBe(400);
    expect((await h.get(`${A}/proposals/99999999`)).json).toEqual({
      code: 5,
      message: 'proposal 99999999 is not in the archive',
      details: [],
    });
    expect((await h.get(`${A}/voters/not-an-address/votes`)).status).toBe(400);
    // One character off: the checksum fails, so it is not an address at all (not one with no votes).
    const alice = h.node.cast.people.alice;
    const typo = `${alice.slice(0, -1)}${alice.endsWith('q') ? 'p' : 'q'}`;
    expect((await h.get(`${A}/voters/${typo}/votes`)).json).toMatchObject({ code: 3 });
    expect((await h.get(`${A}/voters/${alice}/votes`)).status).toBe(200);
    // A key of the right shape whose values do not fit: text where a height or an id belongs.
    const wrongKey = encodeURIComponent(Buffer.from(JSON.stringify(['soon', 'x'])).toString('base64'));
    expect((await h.get(`${A}/proposals?order_by=voting_period_end&pagination.key=${wrongKey}`)).json).toMatchObject({
      code: 3,
      message: 'pagination.key is not a key this archive gave out',
    });
    expect((await h.get(`${A}/nothing`)).status).toBe(501);
    const status = (await h.get(`${A}/status`)).json as { chain_id: string; lag: string; gaps: unknown[] };
    expect(status.chain_id).toBe('polity-archive');
    expect(status.gaps).toHaveLength(1);
    const upgrades = (await h.get(`${A}/upgrades`)).json as { scheduled: { name: string } | null };
    expect(upgrades.scheduled?.name).toBe(h.node.upgrade.pending?.plan.name);
  });

  it('finds groups and policies by the name their metadata gives, JSON or plain text, in any case', async () => {
    type Names = { groups: { id: string; name: string }[]; policies: { address: string; name: string }[] };
    const names = async (q: string) => (await h.get(`${A}/names?q=${encodeURIComponent(q)}`)).json as Names;
    const core = await names('CORE');
    expect(core.groups.map((group) => group.name)).toEqual(['Core contributors']);
    expect(core.policies.map((policy) => policy.name)).toEqual(
      expect.arrayContaining(['Core treasury', 'Core operations', 'Core quick decisions']),
    );
    // Plain-text metadata names its group and policy; every word must match.
    expect((await names('emptied')).groups).toEqual([
      expect.objectContaining({ id: String(h.node.cast.groups.empty), name: 'Emptied group' }),
    ]);
    expect((await names('treasury emptied')).policies.map((policy) => policy.address)).toEqual([
      h.node.cast.policies.empty,
    ]);
    // LIKE's own wildcards are words like any other, not patterns.
    const percent = await names('%');
    expect(percent.groups).toEqual([]);
    expect(percent.policies.map((policy) => policy.name).sort()).toEqual(['Grants (66%)', 'Quick polls (30%)']);
    expect(await names('_')).toEqual({ groups: [], policies: [] });
    expect((await h.get(`${A}/names`)).json).toMatchObject({ code: 3, message: 'q must hold a word of a name' });
    expect((await h.get(`${A}/names?q=core&limit=0`)).status).toBe(400);
  });
});
