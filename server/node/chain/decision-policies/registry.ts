import { add, sub, type Dec } from '../../../lib/apd-dec.ts';
import type { DecisionPolicy, DecisionPolicyKind, Tally } from '../records.ts';
import { percentageRules } from './percentage.ts';
import { dec, type Decision, type DecisionPolicyRules } from './policy-rules.ts';
import { thresholdRules } from './threshold.ts';

/**
 * Every decision-policy type the chain knows, by kind. A new kind in `records.ts` is a compile
 * error here until its rules exist, and everything else reaches policies through this table.
 */
const DECISION_POLICIES: {
  readonly [K in DecisionPolicyKind]: DecisionPolicyRules<Extract<DecisionPolicy, { kind: K }>>;
} = {
  threshold: thresholdRules,
  percentage: percentageRules,
};

export function policyRules(policy: DecisionPolicy): DecisionPolicyRules<DecisionPolicy> {
  // The mapped type above pairs each kind with its own rules; TypeScript cannot carry that pairing
  // through an index by a union, so the lookup is widened here, in one place.
  return DECISION_POLICIES[policy.kind] as DecisionPolicyRules<DecisionPolicy>;
}

/** x/group's DecisionPolicy.Allow. */
export function decide(policy: DecisionPolicy, tally: Tally, totalWeight: Dec): Decision {
  const yes = dec(tally.yes);
  const counted = [tally.abstain, tally.no, tally.veto].map(dec).reduce(add, yes);
  const undecided = sub(totalWeight, counted);
  if (undecided.coef < 0n) throw new Error('tally exceeds total weight');
  return policyRules(policy).allow(policy, { yes, maxYes: add(yes, undecided), total: totalWeight });
}

export function validateDecisionPolicy(policy: DecisionPolicy, maxExecutionPeriodS: number): string | null {
  const { votingPeriod, minExecutionPeriod } = policy.windows;
  if (votingPeriod <= 0) return 'voting period cannot be zero';
  if (minExecutionPeriod > votingPeriod + maxExecutionPeriodS) {
    return 'min_execution_period should be smaller than voting_period + max_execution_period';
  }
  return policyRules(policy).validate(policy);
}

export type { Decision };
