import { cmp, min, parseDec } from '../../../lib/apd-dec.ts';
import type { ThresholdPolicy } from '../records.ts';
import { dec, type DecisionPolicyRules } from './policy-rules.ts';

/** Passes once yes reaches the threshold, capped at the total weight (it may exceed it). */
export const thresholdRules: DecisionPolicyRules<ThresholdPolicy> = {
  typeUrl: '/cosmos.group.v1.ThresholdDecisionPolicy',
  field: (policy) => ({ name: 'threshold', value: policy.threshold }),
  validate(policy) {
    const threshold = parseDec(policy.threshold);
    return !threshold || threshold.coef <= 0n ? 'threshold must be a positive decimal' : null;
  },
  allow(policy, { yes, maxYes, total }) {
    const line = min(dec(policy.threshold), total);
    if (cmp(yes, line) >= 0) return { allow: true, final: true };
    if (cmp(maxYes, line) < 0) return { allow: false, final: true };
    return { allow: false, final: false };
  },
};
