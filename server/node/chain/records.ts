import type { Dec } from '../../lib/apd-dec.ts';

// Records mirror cosmos.group.v1 types. They are never mutated once stored: an update stores a
// new object, which lets the encoder cache each record's JSON.

export type ProposalStatus =
  | 'PROPOSAL_STATUS_SUBMITTED'
  | 'PROPOSAL_STATUS_ACCEPTED'
  | 'PROPOSAL_STATUS_REJECTED'
  | 'PROPOSAL_STATUS_ABORTED'
  | 'PROPOSAL_STATUS_WITHDRAWN';

export type ExecutorResult =
  'PROPOSAL_EXECUTOR_RESULT_NOT_RUN' | 'PROPOSAL_EXECUTOR_RESULT_SUCCESS' | 'PROPOSAL_EXECUTOR_RESULT_FAILURE';

export type VoteOption = 'VOTE_OPTION_YES' | 'VOTE_OPTION_ABSTAIN' | 'VOTE_OPTION_NO' | 'VOTE_OPTION_NO_WITH_VETO';

/** Milliseconds since the epoch; block times have millisecond resolution here. */
export type Millis = number;

export interface GroupInfo {
  readonly id: bigint;
  readonly admin: string;
  readonly metadata: string;
  readonly version: bigint;
  readonly totalWeight: Dec;
  readonly createdAt: Millis;
}

export interface Member {
  readonly groupId: bigint;
  readonly address: string;
  /** Address bytes as a latin1 string: the order and identity the SDK's indexes use. */
  readonly key: string;
  readonly weight: string;
  readonly w: Dec;
  /** The weight as a plain number when it is a small whole number (most are): fast tallies. */
  readonly small?: number;
  readonly metadata: string;
  readonly addedAt: Millis;
}

export interface Windows {
  /** Seconds. */
  readonly votingPeriod: number;
  readonly minExecutionPeriod: number;
}

export interface ThresholdPolicy {
  readonly kind: 'threshold';
  readonly threshold: string;
  readonly windows: Windows;
}

export interface PercentagePolicy {
  readonly kind: 'percentage';
  readonly percentage: string;
  readonly windows: Windows;
}

export type DecisionPolicy = ThresholdPolicy | PercentagePolicy;
export type DecisionPolicyKind = DecisionPolicy['kind'];

export interface PolicyInfo {
  readonly address: string;
  readonly key: string;
  readonly groupId: bigint;
  readonly admin: string;
  readonly metadata: string;
  readonly version: bigint;
  readonly decisionPolicy: DecisionPolicy;
  readonly createdAt: Millis;
}

export interface Tally {
  readonly yes: string;
  readonly abstain: string;
  readonly no: string;
  readonly veto: string;
}

/** A transaction message as its JSON object, "@type" first, fields in proto order. */
export type AnyMsg = { readonly '@type': string } & Readonly<Record<string, unknown>>;

export interface Proposal {
  readonly id: bigint;
  readonly policyAddress: string;
  readonly metadata: string;
  readonly proposers: readonly string[];
  readonly submitTime: Millis;
  readonly groupVersion: bigint;
  readonly policyVersion: bigint;
  readonly status: ProposalStatus;
  readonly finalTally: Tally;
  readonly votingPeriodEnd: Millis;
  readonly executorResult: ExecutorResult;
  readonly messages: readonly AnyMsg[];
  readonly title: string;
  readonly summary: string;
}

export interface Vote {
  readonly proposalId: bigint;
  readonly voter: string;
  readonly voterKey: string;
  readonly option: VoteOption;
  readonly metadata: string;
  readonly submitTime: Millis;
}

export const ZERO_TALLY: Tally = { yes: '0', abstain: '0', no: '0', veto: '0' };
