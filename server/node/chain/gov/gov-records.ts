import type { Millis, Tally } from '../records.ts';
import type { Plan } from '../upgrade/keeper.ts';

// Records mirror cosmos.gov.v1 types; like x/group's, they are replaced, never mutated.

export type GovProposalStatus =
  | 'PROPOSAL_STATUS_DEPOSIT_PERIOD'
  | 'PROPOSAL_STATUS_VOTING_PERIOD'
  | 'PROPOSAL_STATUS_PASSED'
  | 'PROPOSAL_STATUS_REJECTED'
  | 'PROPOSAL_STATUS_FAILED';

/** The enum's numbers, which is all the gateway accepts for `proposal_status`. */
export const GOV_STATUS_NUMBERS: Readonly<Record<GovProposalStatus, number>> = {
  PROPOSAL_STATUS_DEPOSIT_PERIOD: 1,
  PROPOSAL_STATUS_VOTING_PERIOD: 2,
  PROPOSAL_STATUS_PASSED: 3,
  PROPOSAL_STATUS_REJECTED: 4,
  PROPOSAL_STATUS_FAILED: 5,
};

export interface Coin {
  readonly denom: string;
  /** An integer, as text. */
  readonly amount: string;
}

/** A protobuf Timestamp as a message carried it. */
export interface ProtoTime {
  readonly seconds: bigint;
  readonly nanos: number;
}

/** Go's zero time.Time, which a Plan's deprecated `time` must be. */
export const GO_ZERO_TIME: ProtoTime = { seconds: -62135596800n, nanos: 0 };

export const isGoZeroTime = (time: ProtoTime) => time.seconds === GO_ZERO_TIME.seconds && time.nanos === 0;

/** The messages a gov proposal of this chain can carry: x/upgrade's, with gov as authority. */
export type ProposalMsg =
  | {
      readonly typeUrl: '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade';
      readonly authority: string;
      readonly plan: Plan;
      readonly planTime: ProtoTime;
    }
  | { readonly typeUrl: '/cosmos.upgrade.v1beta1.MsgCancelUpgrade'; readonly authority: string };

export interface GovProposal {
  readonly id: bigint;
  readonly messages: readonly ProposalMsg[];
  readonly status: GovProposalStatus;
  /** All zero until the voting period ends; x/gov's counts are whole numbers of tokens. */
  readonly finalTally: Tally;
  readonly submitTime: Millis;
  readonly depositEndTime: Millis;
  readonly totalDeposit: readonly Coin[];
  readonly votingStartTime: Millis | null;
  readonly votingEndTime: Millis | null;
  readonly metadata: string;
  readonly title: string;
  readonly summary: string;
  readonly proposer: string;
  readonly expedited: boolean;
  readonly failedReason: string;
}

/** cosmos.gov.v1.WeightedVoteOption: the option's enum number and its weight (a LegacyDec string). */
export interface WeightedOption {
  readonly option: number;
  readonly weight: string;
}

export interface GovVote {
  readonly proposalId: bigint;
  readonly voter: string;
  /** The voter's address bytes (latin1): the vote's key, and how the tally finds its stake. */
  readonly voterKey: string;
  readonly options: readonly WeightedOption[];
  readonly metadata: string;
}

export interface GovDeposit {
  readonly proposalId: bigint;
  readonly depositor: string;
  readonly depositorKey: string;
  readonly amount: readonly Coin[];
}
