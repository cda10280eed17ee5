// The words of x/group the archive stores and answers with, in one place for the whole room:
// the follower, the storage layer and the API all take them from here.

export const PROPOSAL_STATUSES = [
  'PROPOSAL_STATUS_SUBMITTED',
  'PROPOSAL_STATUS_ACCEPTED',
  'PROPOSAL_STATUS_REJECTED',
  'PROPOSAL_STATUS_ABORTED',
  'PROPOSAL_STATUS_WITHDRAWN',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Still open for votes. */
export const OPEN_STATUS: ProposalStatus = 'PROPOSAL_STATUS_SUBMITTED';
/** The only status an execution runs in, whether it then succeeds or fails. */
export const ACCEPTED_STATUS: ProposalStatus = 'PROPOSAL_STATUS_ACCEPTED';
export const WITHDRAWN_STATUS: ProposalStatus = 'PROPOSAL_STATUS_WITHDRAWN';

/** Decided by a tally: the statuses whose final tally (and the weights it counted) mean something. */
export const TALLIED_STATUSES: readonly ProposalStatus[] = ['PROPOSAL_STATUS_ACCEPTED', 'PROPOSAL_STATUS_REJECTED'];

export const isTallied = (status: string) => (TALLIED_STATUSES as readonly string[]).includes(status);

/**
 * Statuses whose votes the node still stores: open proposals, and those withdrawn or aborted
 * (their votes go only when the proposal itself is pruned).
 */
export const VOTES_KEPT_STATUSES: readonly ProposalStatus[] = [
  'PROPOSAL_STATUS_SUBMITTED',
  'PROPOSAL_STATUS_ABORTED',
  'PROPOSAL_STATUS_WITHDRAWN',
];

export const EXECUTOR_RESULTS = [
  'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
  'PROPOSAL_EXECUTOR_RESULT_SUCCESS',
  'PROPOSAL_EXECUTOR_RESULT_FAILURE',
] as const;
export const EXECUTOR_NOT_RUN = EXECUTOR_RESULTS[0];
export const EXECUTOR_SUCCESS = EXECUTOR_RESULTS[1];

export const VOTE_OPTIONS = [
  'VOTE_OPTION_YES',
  'VOTE_OPTION_ABSTAIN',
  'VOTE_OPTION_NO',
  'VOTE_OPTION_NO_WITH_VETO',
] as const;
export const VOTE_YES = VOTE_OPTIONS[0];

/**
 * What changed the scheduled upgrade plan: an x/gov proposal passed by the end-blocker
 * (`gov:ID`), a group proposal's execution (`group:ID`), or a transaction of the upgrade
 * authority (`tx:HASH`).
 */
export type PlanSource = `gov:${string}` | `group:${string}` | `tx:${string}`;

/** Whether a node's module versions list x/group (an upgrade may remove it). */
export const listsGroup = (versions: readonly { name: string }[]) => versions.some((entry) => entry.name === 'group');
