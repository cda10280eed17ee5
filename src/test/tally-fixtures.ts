import type { GroupInfo, GroupPolicyInfo, Proposal } from '../api/schemas.ts';

// The tally panel's tests' chain: a group of total weight 10, a threshold-6 policy, proposal #7.

export const NOW = Date.parse('2026-05-01T10:00:00Z');
export const group: GroupInfo = {
  id: '1',
  admin: 'cosmos1a',
  metadata: '',
  version: '1',
  total_weight: '10',
  created_at: '2026-01-01T00:00:00Z',
};
export const policy: GroupPolicyInfo = {
  address: 'cosmos1p',
  group_id: '1',
  admin: 'cosmos1a',
  metadata: '',
  version: '1',
  created_at: '2026-01-01T00:00:00Z',
  decision_policy: {
    '@type': '/cosmos.group.v1.ThresholdDecisionPolicy',
    threshold: '6',
    windows: { voting_period: '60s', min_execution_period: '0s' },
  },
};
export const proposal = (status: Proposal['status'], endsInMs: number): Proposal => ({
  id: '7',
  group_policy_address: 'cosmos1p',
  metadata: '',
  proposers: [],
  submit_time: '2026-05-01T09:59:00Z',
  group_version: '1',
  group_policy_version: '1',
  status,
  final_tally_result: { yes_count: '0', abstain_count: '0', no_count: '0', no_with_veto_count: '0' },
  voting_period_end: new Date(NOW + endsInMs).toISOString(),
  executor_result: 'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
  messages: [],
  title: 't',
  summary: '',
});
