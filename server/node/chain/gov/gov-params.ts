import type { Coin } from './gov-records.ts';

/** cosmos.gov.v1.Params, the fields this chain's x/gov reads (durations in seconds). */
export interface GovParams {
  readonly minDeposit: readonly Coin[];
  readonly maxDepositPeriodS: number;
  readonly votingPeriodS: number;
  readonly quorum: string;
  readonly threshold: string;
  readonly vetoThreshold: string;
  readonly minDepositRatio: string;
  readonly burnVoteQuorum: boolean;
  readonly burnProposalDepositPrevote: boolean;
  readonly burnVoteVeto: boolean;
  readonly expeditedVotingPeriodS: number;
  readonly expeditedThreshold: string;
  readonly expeditedMinDeposit: readonly Coin[];
}

/**
 * The genesis params of the reference simapp node (short periods, so that a proposal is
 * decided within a few blocks); the thresholds are the SDK's defaults.
 */
export const GENESIS_GOV_PARAMS: GovParams = {
  minDeposit: [{ denom: 'stake', amount: '1' }],
  maxDepositPeriodS: 15,
  votingPeriodS: 15,
  quorum: '0.334000000000000000',
  threshold: '0.500000000000000000',
  vetoThreshold: '0.334000000000000000',
  minDepositRatio: '0.010000000000000000',
  burnVoteQuorum: false,
  burnProposalDepositPrevote: false,
  burnVoteVeto: true,
  expeditedVotingPeriodS: 10,
  expeditedThreshold: '0.667000000000000000',
  expeditedMinDeposit: [{ denom: 'stake', amount: '2' }],
};
