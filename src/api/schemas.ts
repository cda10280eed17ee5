import * as v from 'valibot';

// Runtime schemas (valibot: small enough for the first page) of every response body. They
// describe the wire exactly (snake_case, field order, strings for 64-bit integers and decimals)
// and do no transformation, so that what is checked is what was sent. Unknown extra fields are
// dropped, so a newer node still parses.

export const uint64 = v.pipe(v.string(), v.regex(/^\d+$/, 'a uint64 decimal string'));
const int64 = v.pipe(v.string(), v.regex(/^-?\d+$/, 'an int64 decimal string'));
export const decimal = v.pipe(v.string(), v.regex(/^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/, 'a decimal string'));
const timestamp = v.pipe(
  v.string(),
  v.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/, 'an RFC 3339 UTC timestamp'),
);
const duration = v.pipe(v.string(), v.regex(/^-?\d+(\.\d{1,9})?s$/, 'a duration like "86400s"'));
const base64 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'));

export const proposalStatus = v.picklist([
  'PROPOSAL_STATUS_UNSPECIFIED',
  'PROPOSAL_STATUS_SUBMITTED',
  'PROPOSAL_STATUS_ACCEPTED',
  'PROPOSAL_STATUS_REJECTED',
  'PROPOSAL_STATUS_ABORTED',
  'PROPOSAL_STATUS_WITHDRAWN',
]);
export const executorResult = v.picklist([
  'PROPOSAL_EXECUTOR_RESULT_UNSPECIFIED',
  'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
  'PROPOSAL_EXECUTOR_RESULT_SUCCESS',
  'PROPOSAL_EXECUTOR_RESULT_FAILURE',
]);
export const voteOption = v.picklist([
  'VOTE_OPTION_UNSPECIFIED',
  'VOTE_OPTION_YES',
  'VOTE_OPTION_ABSTAIN',
  'VOTE_OPTION_NO',
  'VOTE_OPTION_NO_WITH_VETO',
]);

const pageResponse = v.object({ next_key: v.nullable(base64), total: uint64 });

const groupInfo = v.object({
  id: uint64,
  admin: v.string(),
  metadata: v.string(),
  version: uint64,
  total_weight: decimal,
  created_at: timestamp,
});

const member = v.object({ address: v.string(), weight: decimal, metadata: v.string(), added_at: timestamp });
const groupMember = v.object({ group_id: uint64, member });

const windows = v.object({ voting_period: duration, min_execution_period: duration });
const thresholdPolicy = v.object({
  '@type': v.literal('/cosmos.group.v1.ThresholdDecisionPolicy'),
  threshold: decimal,
  windows,
});
const percentagePolicy = v.object({
  '@type': v.literal('/cosmos.group.v1.PercentageDecisionPolicy'),
  percentage: decimal,
  windows,
});
/** The policy types the dashboard interprets; each needs an entry in domain/decision-policies.ts. */
export const knownDecisionPolicy = v.variant('@type', [thresholdPolicy, percentagePolicy]);
/** A policy type this dashboard does not know is still shown, by its @type. */
const otherPolicy = v.looseObject({ '@type': v.string() });
export const decisionPolicy = v.union([knownDecisionPolicy, otherPolicy]);

const groupPolicyInfo = v.object({
  address: v.string(),
  group_id: uint64,
  admin: v.string(),
  metadata: v.string(),
  version: uint64,
  decision_policy: decisionPolicy,
  created_at: timestamp,
});

export const tallyResult = v.object({
  yes_count: decimal,
  abstain_count: decimal,
  no_count: decimal,
  no_with_veto_count: decimal,
});

export const anyMessage = v.looseObject({ '@type': v.string() });

const proposal = v.object({
  id: uint64,
  group_policy_address: v.string(),
  metadata: v.string(),
  proposers: v.array(v.string()),
  submit_time: timestamp,
  group_version: uint64,
  group_policy_version: uint64,
  status: proposalStatus,
  final_tally_result: tallyResult,
  voting_period_end: timestamp,
  executor_result: executorResult,
  messages: v.array(anyMessage),
  title: v.string(),
  summary: v.string(),
});

const vote = v.object({
  proposal_id: uint64,
  voter: v.string(),
  option: voteOption,
  metadata: v.string(),
  submit_time: timestamp,
});

const plan = v.object({
  name: v.string(),
  time: timestamp,
  height: int64,
  info: v.string(),
  upgraded_client_state: v.nullable(v.looseObject({ '@type': v.string() })),
});
const moduleVersion = v.object({ name: v.string(), version: uint64 });

export const responses = {
  groupInfo: v.object({ info: groupInfo }),
  groupPolicyInfo: v.object({ info: groupPolicyInfo }),
  groupMembers: v.object({ members: v.array(groupMember), pagination: pageResponse }),
  groups: v.object({ groups: v.array(groupInfo), pagination: pageResponse }),
  groupPolicies: v.object({ group_policies: v.array(groupPolicyInfo), pagination: pageResponse }),
  proposal: v.object({ proposal }),
  tally: v.object({ tally: tallyResult }),
  proposals: v.object({ proposals: v.array(proposal), pagination: pageResponse }),
  vote: v.object({ vote }),
  votes: v.object({ votes: v.array(vote), pagination: pageResponse }),
  appliedPlan: v.object({ height: int64 }),
  moduleVersions: v.object({ module_versions: v.array(moduleVersion) }),
  upgradedConsensusState: v.object({ upgraded_consensus_state: v.nullable(base64) }),
  currentPlan: v.object({ plan: v.nullable(plan) }),
} as const;

/** The body of a gateway error (the service's tests check their errors against it). */
export const errorBody = v.object({
  code: v.pipe(v.number(), v.integer()),
  message: v.string(),
  details: v.array(v.unknown()),
});

export type GroupInfo = v.InferOutput<typeof groupInfo>;
export type GroupMember = v.InferOutput<typeof groupMember>;
export type GroupPolicyInfo = v.InferOutput<typeof groupPolicyInfo>;
export type DecisionPolicy = v.InferOutput<typeof decisionPolicy>;
export type KnownDecisionPolicy = v.InferOutput<typeof knownDecisionPolicy>;
export type Proposal = v.InferOutput<typeof proposal>;
export type ProposalStatus = v.InferOutput<typeof proposalStatus>;
export type ExecutorResult = v.InferOutput<typeof executorResult>;
export type TallyResult = v.InferOutput<typeof tallyResult>;
export type Vote = v.InferOutput<typeof vote>;
export type VoteOption = v.InferOutput<typeof voteOption>;
export type PageResponse = v.InferOutput<typeof pageResponse>;
