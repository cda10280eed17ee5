import { bech32 } from 'bech32';

import type { GroupInfo, GroupMember, GroupPolicyInfo, Proposal, TallyResult, Vote } from '../api/schemas.ts';

// A small chain as a node would describe it: one group of two members, one threshold policy,
// and one proposal in voting with both members' votes.

const address = (bytes: number, fill: number) =>
  bech32.encode('cosmos', bech32.toWords(new Uint8Array(bytes).fill(fill)));

export const alice = address(20, 1);
export const bob = address(20, 2);
const policyAddress = address(32, 3);

export const group: GroupInfo = {
  id: '1',
  admin: alice,
  metadata: '{"name":"Core contributors"}',
  version: '1',
  total_weight: '4',
  created_at: '2026-01-01T00:00:00Z',
};

export const members: GroupMember[] = [
  { group_id: '1', member: { address: alice, weight: '1', metadata: '', added_at: '2026-01-01T00:00:00Z' } },
  { group_id: '1', member: { address: bob, weight: '3', metadata: '', added_at: '2026-01-01T00:00:00Z' } },
];

export const policy: GroupPolicyInfo = {
  address: policyAddress,
  group_id: '1',
  admin: alice,
  metadata: 'Treasury',
  version: '1',
  decision_policy: {
    '@type': '/cosmos.group.v1.ThresholdDecisionPolicy',
    threshold: '3',
    windows: { voting_period: '86400s', min_execution_period: '0s' },
  },
  created_at: '2026-01-01T00:00:00Z',
};

export const proposal: Proposal = {
  id: '7',
  group_policy_address: policyAddress,
  metadata: '',
  proposers: [alice],
  submit_time: '2026-01-02T00:00:00Z',
  group_version: '1',
  group_policy_version: '1',
  status: 'PROPOSAL_STATUS_SUBMITTED',
  final_tally_result: { yes_count: '0', abstain_count: '0', no_count: '0', no_with_veto_count: '0' },
  voting_period_end: '2999-01-01T00:00:00Z',
  executor_result: 'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
  messages: [],
  title: 'Raise the budget',
  summary: 'More for grants.',
};

export const votes: Vote[] = [
  { proposal_id: '7', voter: alice, option: 'VOTE_OPTION_YES', metadata: '', submit_time: '2026-01-02T01:00:00Z' },
  { proposal_id: '7', voter: bob, option: 'VOTE_OPTION_NO', metadata: '', submit_time: '2026-01-02T02:00:00Z' },
];

export const tally: TallyResult = { yes_count: '1', abstain_count: '0', no_count: '3', no_with_veto_count: '0' };

const onePage = (total: number) => ({ next_key: null, total: String(total) });

/** The node's answers for the chain above, keyed by REST path. */
export const chainAnswers = {
  '/cosmos/group/v1/group_info/1': { info: group },
  '/cosmos/group/v1/group_members/1': { members, pagination: onePage(members.length) },
  '/cosmos/group/v1/group_policies_by_group/1': { group_policies: [policy], pagination: onePage(1) },
  [`/cosmos/group/v1/group_policy_info/${policyAddress}`]: { info: policy },
  [`/cosmos/group/v1/proposals_by_group_policy/${policyAddress}`]: { proposals: [proposal], pagination: onePage(1) },
  '/cosmos/group/v1/proposal/7': { proposal },
  '/cosmos/group/v1/proposals/7/tally': { tally },
  '/cosmos/group/v1/votes_by_proposal/7': { votes, pagination: onePage(votes.length) },
};
