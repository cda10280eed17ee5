import {
  decFromInt,
  decFromString,
  decMul,
  decMulInt,
  decQuo,
  decTruncate,
  type LegacyDec,
} from '../../lib/legacy-dec.ts';
import type { Tally } from '../records.ts';
import type { GovParams } from './gov-params.ts';
import type { GovVote } from './gov-records.ts';
import { totalBonded, type Stake } from './stake.ts';

export interface TallyOutcome {
  readonly passes: boolean;
  readonly burnDeposits: boolean;
  readonly tally: Tally;
}

/** Counts by vote option number (YES 1, ABSTAIN 2, NO 3, NO_WITH_VETO 4). */
type Results = Map<number, LegacyDec>;

interface ValidatorTally {
  readonly tokens: bigint;
  readonly shares: LegacyDec;
  deductions: LegacyDec;
  vote: GovVote['options'];
}

function addVote(results: Results, options: GovVote['options'], power: LegacyDec): void {
  for (const { option, weight } of options) {
    results.set(option, (results.get(option) ?? 0n) + decMul(power, decFromString(weight)));
  }
}

/**
 * x/gov's Tally: a delegator's vote counts its delegations' tokens and is taken out of its
 * validators' votes; a validator's vote counts what remains of its stake. Then quorum (of all
 * bonded tokens), veto and threshold (of the non-abstaining power) decide, in the SDK's order.
 */
export function tallyVotes(
  votes: readonly GovVote[],
  stake: Stake,
  params: GovParams,
  expedited: boolean,
): TallyOutcome {
  const results: Results = new Map([1, 2, 3, 4].map((option) => [option, 0n]));
  let total: LegacyDec = 0n;
  const validators = new Map<string, ValidatorTally>();
  const byOperatorKey = new Map<string, ValidatorTally>();
  for (const validator of stake.validators) {
    const entry = { tokens: validator.tokens, shares: validator.delegatorShares, deductions: 0n, vote: [] };
    validators.set(validator.operator, entry);
    byOperatorKey.set(validator.operatorKey, entry);
  }
  for (const vote of votes) {
    const own = byOperatorKey.get(vote.voterKey);
    if (own) own.vote = vote.options;
    for (const delegation of stake.delegations) {
      if (delegation.delegatorKey !== vote.voterKey) continue;
      const validator = validators.get(delegation.validator);
      if (!validator) continue;
      validator.deductions += delegation.shares;
      const power = decQuo(decMulInt(delegation.shares, validator.tokens), validator.shares);
      addVote(results, vote.options, power);
      total += power;
    }
  }
  for (const validator of validators.values()) {
    if (validator.vote.length === 0) continue;
    const power = decQuo(decMulInt(validator.shares - validator.deductions, validator.tokens), validator.shares);
    addVote(results, validator.vote, power);
    total += power;
  }

  const count = (option: number) => decTruncate(results.get(option) ?? 0n).toString();
  const tally: Tally = { yes: count(1), abstain: count(2), no: count(3), veto: count(4) };
  const outcome = (passes: boolean, burnDeposits: boolean): TallyOutcome => ({ passes, burnDeposits, tally });

  const bonded = totalBonded(stake);
  if (bonded === 0n) return outcome(false, false);
  if (decQuo(total, decFromInt(bonded)) < decFromString(params.quorum)) return outcome(false, params.burnVoteQuorum);
  const abstain = results.get(2) ?? 0n;
  if (total - abstain === 0n) return outcome(false, false);
  if (decQuo(results.get(4) ?? 0n, total) > decFromString(params.vetoThreshold)) {
    return outcome(false, params.burnVoteVeto);
  }
  const threshold = decFromString(expedited ? params.expeditedThreshold : params.threshold);
  return outcome(decQuo(results.get(1) ?? 0n, total - abstain) > threshold, false);
}
