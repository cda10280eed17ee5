import { parseDec, type Dec } from '../../../lib/apd-dec.ts';
import type { DecisionPolicy } from '../records.ts';

export interface Decision {
  allow: boolean;
  final: boolean;
}

/** What x/group's DecisionPolicy.Allow sees: yes weight, the most yes could still reach, the total. */
export interface TallyWeights {
  yes: Dec;
  maxYes: Dec;
  total: Dec;
}

/** One decision-policy type: how the node names it, validates it, and decides with it. */
export interface DecisionPolicyRules<P extends DecisionPolicy> {
  readonly typeUrl: string;
  /** The policy's own field as proto declares it (written before `windows`). */
  field(policy: P): { readonly name: string; readonly value: string };
  validate(policy: P): string | null;
  allow(policy: P, weights: TallyWeights): Decision;
}

export function dec(text: string): Dec {
  const parsed = parseDec(text);
  if (!parsed) throw new Error(`invalid decimal ${text}`);
  return parsed;
}
