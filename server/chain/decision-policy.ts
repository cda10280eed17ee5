import { add, cmp, isZero, min, mul, parseDec, sub, type Dec } from '../lib/dec.ts';
import type { DecisionPolicy, Tally } from './records.ts';

export interface Decision {
  allow: boolean;
  final: boolean;
}

function dec(s: string): Dec {
  const d = parseDec(s);
  if (!d) throw new Error(`invalid decimal ${s}`);
  return d;
}

/** x/group's DecisionPolicy.Allow for the two policy kinds. */
export function decide(policy: DecisionPolicy, tally: Tally, totalWeight: Dec): Decision {
  const yes = dec(tally.yes);
  const counted = [tally.abstain, tally.no, tally.veto].map(dec).reduce(add, yes);
  const undecided = sub(totalWeight, counted);
  if (undecided.coef < 0n) throw new Error('tally exceeds total weight');
  const maxYes = add(yes, undecided);
  if (policy.kind === 'threshold') {
    const threshold = min(dec(policy.threshold), totalWeight);
    if (cmp(yes, threshold) >= 0) return { allow: true, final: true };
    if (cmp(maxYes, threshold) < 0) return { allow: false, final: true };
    return { allow: false, final: false };
  }
  if (isZero(totalWeight)) return { allow: false, final: true };
  // yes/total >= pct, compared without division so no rounding enters.
  const needed = mul(dec(policy.percentage), totalWeight);
  if (cmp(yes, needed) >= 0) return { allow: true, final: true };
  if (cmp(maxYes, needed) < 0) return { allow: false, final: true };
  return { allow: false, final: false };
}

export function validateDecisionPolicy(policy: DecisionPolicy, maxExecutionPeriod: number): string | null {
  const { votingPeriod, minExecutionPeriod } = policy.windows;
  if (votingPeriod <= 0) return 'voting period cannot be zero';
  if (minExecutionPeriod > votingPeriod + maxExecutionPeriod) {
    return 'min_execution_period should be smaller than voting_period + max_execution_period';
  }
  if (policy.kind === 'threshold') {
    const t = parseDec(policy.threshold);
    if (!t || t.coef <= 0n) return 'threshold must be a positive decimal';
  } else {
    const p = parseDec(policy.percentage);
    if (!p || p.coef <= 0n || cmp(p, { coef: 1n, exp: 0 }) > 0) return 'percentage must be > 0 and <= 1';
  }
  return null;
}
