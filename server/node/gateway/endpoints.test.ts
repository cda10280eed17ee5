import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { responses } from '../../../src/api/schemas.ts';
import { G, startHarness, U, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/**
 * Parses the body with the dashboard's schema and checks that nothing was dropped or reordered:
 * re-serialising the parsed value must give back the body's own key order and content.
 */
function exactly<S extends v.GenericSchema>(schema: S, text: string): v.InferOutput<S> {
  const raw: unknown = JSON.parse(text);
  const parsed = v.parse(schema, raw);
  expect(JSON.stringify(parsed)).toBe(JSON.stringify(raw));
  return parsed;
}

describe('every endpoint answers like a node, body matching its schema exactly', () => {
  it('group_info', async () => {
    const r = await h.get(`${G}/group_info/${h.node.cast.groups.grants}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.headers.get('grpc-metadata-x-cosmos-block-height')).toBe(String(h.node.height));
    expect(r.headers.get('x-cosmos-block-height')).toBe(String(h.node.height));
    const body = exactly(responses.groupInfo, r.text);
    expect(body.info.total_weight).toBe('5.083333333333333333');
    expect(body.info.version).toBe('1');
  });

  it('group_policy_info with the Any @type first', async () => {
    const r = await h.get(`${G}/group_policy_info/${h.node.cast.policies.coreTreasury}`);
    const body = exactly(responses.groupPolicyInfo, r.text);
    expect(r.text).toContain(
      '"decision_policy":{"@type":"/cosmos.group.v1.ThresholdDecisionPolicy","threshold":"3","windows":{"voting_period":"259200s","min_execution_period":"0s"}}',
    );
    expect(body.info.address).toBe('cosmos1afk9zr2hn2jsac63h4hm60vl9z3e5u69gndzf7c99cqge3vzwjzsfwkgpd');
  });

  it('group_members with exact weights', async () => {
    const r = await h.get(`${G}/group_members/${h.node.cast.groups.unicode}`);
    const body = exactly(responses.groupMembers, r.text);
    expect(body.members.map((m) => m.member.weight).sort()).toEqual([
      '0.000000000000000001',
      '123456789.123456789012345678',
      '1e2',
    ]);
    expect(body.pagination).toEqual({ next_key: null, total: '3' });
  });

  it('groups, groups_by_admin, groups_by_member', async () => {
    const all = exactly(responses.groups, (await h.get(`${G}/groups`)).text);
    expect(all.groups.map((g) => g.id)).toEqual(Array.from({ length: 39 }, (_, i) => String(i + 1)));
    const byAdmin = exactly(responses.groups, (await h.get(`${G}/groups_by_admin/${h.node.cast.people.alice}`)).text);
    expect(byAdmin.groups.map((g) => g.id)).toEqual([String(h.node.cast.groups.core)]);
    const byMember = exactly(responses.groups, (await h.get(`${G}/groups_by_member/${h.node.cast.people.vera}`)).text);
    const c = h.node.cast.groups;
    expect(byMember.groups.map((g) => g.id)).toEqual(
      [c.core, c.grants, c.community, c.oversized, c.sandbox, c.unicode, c.polls].map(String),
    );
  });

  it('group_policies_by_group and _by_admin', async () => {
    const byGroup = exactly(
      responses.groupPolicies,
      (await h.get(`${G}/group_policies_by_group/${h.node.cast.groups.core}`)).text,
    );
    expect(byGroup.group_policies).toHaveLength(3);
    const addrs = byGroup.group_policies.map((p) => p.address);
    const byAdmin = exactly(
      responses.groupPolicies,
      (await h.get(`${G}/group_policies_by_admin/${h.node.cast.people.alice}`)).text,
    );
    expect(byAdmin.group_policies.map((p) => p.address)).toEqual(addrs);
  });

  it('proposal, tally, proposals_by_group_policy', async () => {
    const id = h.node.cast.proposals.grantOpen;
    const p = exactly(responses.proposal, (await h.get(`${G}/proposal/${id}`)).text);
    expect(p.proposal.status).toBe('PROPOSAL_STATUS_SUBMITTED');
    expect(p.proposal.final_tally_result).toEqual({
      yes_count: '0',
      abstain_count: '0',
      no_count: '0',
      no_with_veto_count: '0',
    });
    const t = exactly(responses.tally, (await h.get(`${G}/proposals/${id}/tally`)).text);
    expect(t.tally.yes_count).toBe('1.833333333333333333');
    const list = exactly(
      responses.proposals,
      (await h.get(`${G}/proposals_by_group_policy/${h.node.cast.policies.grants}`)).text,
    );
    expect(list.proposals.map((x) => x.id)).toContain(String(id));
  });

  it('vote_by_proposal_voter, votes_by_proposal, votes_by_voter', async () => {
    const id = h.node.cast.proposals.openPartial;
    const v = exactly(
      responses.vote,
      (await h.get(`${G}/vote_by_proposal_voter/${id}/${h.node.cast.people.alice}`)).text,
    );
    expect(v.vote).toMatchObject({ option: 'VOTE_OPTION_YES', metadata: 'in favour' });
    const votes = exactly(responses.votes, (await h.get(`${G}/votes_by_proposal/${id}`)).text);
    expect(votes.votes.length).toBeGreaterThanOrEqual(2);
    const byVoter = exactly(responses.votes, (await h.get(`${G}/votes_by_voter/${h.node.cast.people.vera}`)).text);
    const ids = byVoter.votes.map((x) => BigInt(x.proposal_id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    expect(ids.length).toBeGreaterThanOrEqual(4);
  });

  it("x/auth's bech32 prefix, as a client learns it from the node", async () => {
    const answer = await h.get('/cosmos/auth/v1beta1/bech32');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"bech32_prefix":"cosmos"}');
  });

  it('applied_plan, module_versions, upgraded_consensus_state, current_plan', async () => {
    expect(exactly(responses.appliedPlan, (await h.get(`${U}/applied_plan/v050-to-v053`)).text)).toEqual({
      height: '420000',
    });
    expect(exactly(responses.appliedPlan, (await h.get(`${U}/applied_plan/never`)).text)).toEqual({ height: '0' });
    const mv = exactly(responses.moduleVersions, (await h.get(`${U}/module_versions`)).text);
    const names = mv.module_versions.map((m) => m.name);
    expect(names).toEqual([...names].sort());
    expect(mv.module_versions).toContainEqual({ name: 'group', version: '2' });
    expect(exactly(responses.moduleVersions, (await h.get(`${U}/module_versions?module_name=bank`)).text)).toEqual({
      module_versions: [{ name: 'bank', version: '4' }],
    });
    const plan = exactly(responses.currentPlan, (await h.get(`${U}/current_plan`)).text);
    expect(plan.plan?.time).toBe('0001-01-01T00:00:00Z');
    expect(plan.plan?.upgraded_client_state).toBeNull();
    const state = exactly(
      responses.upgradedConsensusState,
      (await h.get(`${U}/upgraded_consensus_state/${plan.plan?.height}`)).text,
    );
    expect(Buffer.from(state.upgraded_consensus_state ?? '', 'base64').toString('latin1')).toContain(
      '/ibc.lightclients.tendermint.v1.ConsensusState',
    );
    expect((await h.get(`${U}/upgraded_consensus_state/5`)).json).toEqual({ upgraded_consensus_state: null });
  });

  it('attacker-written strings come out as JSON strings with Go escaping', async () => {
    const r = await h.get(`${G}/proposal/${h.node.cast.proposals.hostile}`);
    expect(r.text).not.toContain('<script>');
    expect(r.text).toContain('\\u003cscript\\u003ealert(\\"pwned\\")\\u003c/script\\u003e');
    const body = exactly(responses.proposal, r.text);
    expect(body.proposal.title).toBe('<script>alert("pwned")</script><img src=x onerror=alert(1)>');
    expect(Buffer.byteLength(body.proposal.metadata)).toBe(255);
    expect(body.proposal.messages.map((m) => m['@type'])).toEqual([
      '/cosmos.bank.v1beta1.MsgSend',
      '/cosmos.gov.v1.MsgVote',
      '/cosmos.group.v1.MsgUpdateGroupMetadata',
    ]);
  });
});
