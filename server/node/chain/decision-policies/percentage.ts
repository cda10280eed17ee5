import { cmp, isZero, mul, parseDec } from '../../../lib/apd-dec.ts';
import type { PercentagePolicy } from '../records.ts';
import { dec, type DecisionPolicyRules } from './policy-rules.ts';

const ONE = { coef: 1n, exp: 0 };

/** Passes once yes / total reaches the percentage; an empty group can pass nothing. */
export const percentageRules: DecisionPolicyRules<PercentagePolicy> = {
  typeUrl: '/cosmos.group.v1.PercentageDecisionPolicy',
  field: (policy) => ({ name: 'percentage', value: policy.percentage }),
  validate(policy) {
    const percentage = parseDec(policy.percentage);
    return !percentage || percentage.coef <= 0n || cmp(percentage, ONE) > 0 ? 'percentage must be > 0 and <= 1' : null;
  },
  allow(policy, { yes, maxYes, total }) {
    if (isZero(total)) return { allow: false, final: true };
    // yes / total >= percentage, compared without division so no rounding enters.
    const needed = mul(dec(policy.percentage), total);
    if (cmp(yes, needed) >= 0) return { allow: true, final: true };
    if (cmp(maxYes, needed) < 0) return { allow: false, final: true };
    return { allow: false, final: false };
  },
};
