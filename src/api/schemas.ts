import { z } from 'zod';

// Runtime schemas of every response body. They describe the wire exactly (snake_case, field
// order, strings for 64-bit integers and decimals) and do no transformation, so that what is
// checked is what was sent. Unknown extra fields are dropped, so a newer node still parses.

export const uint64 = z.string().regex(/^\d+$/, 'a uint64 decimal string');
export const int64 = z.string().regex(/^-?\d+$/, 'an int64 decimal string');
export const decimal = z.string().regex(/^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/, 'a decimal string');
export const timestamp = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/, 'an RFC 3339 UTC timestamp');
export const duration = z.string().regex(/^-?\d+(\.\d{1,9})?s$/, 'a duration like "86400s"');
export const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64');

export const proposalStatus = z.enum([
  'PROPOSAL_STATUS_UNSPECIFIED',
  'PROPOSAL_STATUS_SUBMITTED',
  'PROPOSAL_STATUS_ACCEPTED',
  'PROPOSAL_STATUS_REJECTED',
  'PROPOSAL_STATUS_ABORTED',
  'PROPOSAL_STATUS_WITHDRAWN',
]);
export const executorResult = z.enum([
  'PROPOSAL_EXECUTOR_RESULT_UNSPECIFIED',
  'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
  'PROPOSAL_EXECUTOR_RESULT_SUCCESS',
  'PROPOSAL_EXECUTOR_RESULT_FAILURE',
]);
export const voteOption = z.enum([
  'VOTE_OPTION_UNSPECIFIED',
  'VOTE_OPTION_YES',
  'VOTE_OPTION_ABSTAIN',
  'VOTE_OPTION_NO',
  'VOTE_OPTION_NO_WITH_VETO',
]);

export const pageResponse = z.object({ next_key: base64.nullable(), total: uint64 });

export const groupInfo = z.object({
  id: uint64,
  admin: z.string(),
  metadata: z.string(),
  version: uint64,
  total_weight: decimal,
  created_at: timestamp,
});

export const member = z.object({ address: z.string(), weight: decimal, metadata: z.string(), added_at: timestamp });
export const groupMember = z.object({ group_id: uint64, member });

const windows = z.object({ voting_period: duration, min_execution_period: duration });
export const thresholdPolicy = z.object({
  '@type': z.literal('/cosmos.group.v1.ThresholdDecisionPolicy'),
  threshold: decimal,
  windows,
});
export const percentagePolicy = z.object({
  '@type': z.literal('/cosmos.group.v1.PercentageDecisionPolicy'),
  percentage: decimal,
  windows,
});
/** A policy type this dashboard does not know is still shown, by its @type. */
export const otherPolicy = z.looseObject({ '@type': z.string() });
export const decisionPolicy = z.union([thresholdPolicy, percentagePolicy, otherPolicy]);

export const groupPolicyInfo = z.object({
  address: z.string(),
  group_id: uint64,
  admin: z.string(),
  metadata: z.string(),
  version: uint64,
  decision_policy: decisionPolicy,
  created_at: timestamp,
});

export const tallyResult = z.object({
  yes_count: decimal,
  abstain_count: decimal,
  no_count: decimal,
  no_with_veto_count: decimal,
});

export const anyMessage = z.looseObject({ '@type': z.string() });

export const proposal = z.object({
  id: uint64,
  group_policy_address: z.string(),
  metadata: z.string(),
  proposers: z.array(z.string()),
  submit_time: timestamp,
  group_version: uint64,
  group_policy_version: uint64,
  status: proposalStatus,
  final_tally_result: tallyResult,
  voting_period_end: timestamp,
  executor_result: executorResult,
  messages: z.array(anyMessage),
  title: z.string(),
  summary: z.string(),
});

export const vote = z.object({
  proposal_id: uint64,
  voter: z.string(),
  option: voteOption,
  metadata: z.string(),
  submit_time: timestamp,
});

export const plan = z.object({
  name: z.string(),
  time: timestamp,
  height: int64,
  info: z.string(),
  upgraded_client_state: z.looseObject({ '@type': z.string() }).nullable(),
});
export const moduleVersion = z.object({ name: z.string(), version: uint64 });

export const responses = {
  groupInfo: z.object({ info: groupInfo }),
  groupPolicyInfo: z.object({ info: groupPolicyInfo }),
  groupMembers: z.object({ members: z.array(groupMember), pagination: pageResponse }),
  groups: z.object({ groups: z.array(groupInfo), pagination: pageResponse }),
  groupPolicies: z.object({ group_policies: z.array(groupPolicyInfo), pagination: pageResponse }),
  proposal: z.object({ proposal }),
  tally: z.object({ tally: tallyResult }),
  proposals: z.object({ proposals: z.array(proposal), pagination: pageResponse }),
  vote: z.object({ vote }),
  votes: z.object({ votes: z.array(vote), pagination: pageResponse }),
  appliedPlan: z.object({ height: int64 }),
  moduleVersions: z.object({ module_versions: z.array(moduleVersion) }),
  upgradedConsensusState: z.object({ upgraded_consensus_state: base64.nullable() }),
  currentPlan: z.object({ plan: plan.nullable() }),
} as const;

export const errorBody = z.object({ code: z.number().int(), message: z.string(), details: z.array(z.unknown()) });

export type GroupInfo = z.infer<typeof groupInfo>;
export type GroupMember = z.infer<typeof groupMember>;
export type GroupPolicyInfo = z.infer<typeof groupPolicyInfo>;
export type DecisionPolicy = z.infer<typeof decisionPolicy>;
export type ThresholdPolicy = z.infer<typeof thresholdPolicy>;
export type PercentagePolicy = z.infer<typeof percentagePolicy>;
export type Proposal = z.infer<typeof proposal>;
export type ProposalStatus = z.infer<typeof proposalStatus>;
export type TallyResult = z.infer<typeof tallyResult>;
export type Vote = z.infer<typeof vote>;
export type VoteOption = z.infer<typeof voteOption>;
export type Plan = z.infer<typeof plan>;
export type ModuleVersion = z.infer<typeof moduleVersion>;
export type PageResponse = z.infer<typeof pageResponse>;
