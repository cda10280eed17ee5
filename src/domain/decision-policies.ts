import * as v from 'valibot';

import {
  knownDecisionPolicy,
  type DecisionPolicy,
  type KnownDecisionPolicy,
  type TallyResult,
} from '../api/schemas.ts';
import { dec, max, min, type Dec } from '../lib/decimal.ts';
import { shownDecimal } from '../lib/format-number.ts';
import { shareText } from '../lib/share-text.ts';
import type { Phrase } from '../lib/text/phrase.ts';
import { durationSeconds, humanDuration } from '../lib/time.ts';

// Decision policies, one registry entry per @type. A new type added to the schema's
// knownDecisionPolicy fails to compile until it has its entry here.

type PolicyType = KnownDecisionPolicy['@type'];
type WireOf<T extends PolicyType> = Extract<KnownDecisionPolicy, { '@type': T }>;

interface PassLine {
  /** The yes weight that passes the proposal. */
  line: Dec;
  /** False when no vote can pass it (a percentage of a group without weight). */
  reachable: boolean;
}

interface PolicyRule<T extends PolicyType> {
  /** What people call this kind of policy. */
  name: string;
  /** x/group's Allow, reduced to its pass line at the group's current total weight. */
  passLine(policy: WireOf<T>, total: Dec): PassLine;
  /** What it takes to pass, as a sentence; with the total weight when known. */
  describe(policy: WireOf<T>, totalWeight?: string): Phrase;
  /** The same in a few words, for a table cell. */
  brief(policy: WireOf<T>): string;
}

const THRESHOLD = '/cosmos.group.v1.ThresholdDecisionPolicy';
const PERCENTAGE = '/cosmos.group.v1.PercentageDecisionPolicy';

const percentOfFraction = (fraction: string) => dec(fraction).times(100).toFixed();

const POLICY_RULES: { [T in PolicyType]: PolicyRule<T> } = {
  [THRESHOLD]: {
    name: 'Threshold',
    // A threshold above the total weight is capped at the total.
    passLine: (policy, total) => ({ line: min(dec(policy.threshold), total), reachable: true }),
    describe: (policy, totalWeight) => {
      const rule: Phrase = ['Passes with ', { decimal: policy.threshold }, ' yes weight'];
      if (totalWeight === undefined) return rule;
      const share = shareText(policy.threshold, totalWeight);
      const above = dec(policy.threshold).gt(totalWeight)
        ? ['. The threshold is above the total, so the line is the total weight: every unit must vote yes']
        : [];
      if (share === null) return [...rule, ' (the group has no weight)', ...above];
      return [...rule, ` — ${share} of the total weight `, { decimal: totalWeight }, ...above];
    },
    brief: (policy) => `threshold ${shownDecimal(policy.threshold).text}`,
  },
  [PERCENTAGE]: {
    name: 'Percentage',
    // yes / total ≥ percentage, compared as yes ≥ percentage × total so no division rounds.
    passLine: (policy, total) => ({ line: dec(policy.percentage).times(total), reachable: !total.isZero() }),
    describe: (policy, totalWeight) => {
      const rule: Phrase = [
        'Passes when yes is at least ',
        { decimal: percentOfFraction(policy.percentage), suffix: '%' },
        ' of the total weight',
      ];
      if (totalWeight === undefined) return rule;
      const line = dec(policy.percentage).times(totalWeight).toFixed();
      return [...rule, ' (at the current total: ', { decimal: line }, ' of ', { decimal: totalWeight }, ')'];
    },
    brief: (policy) => `${shownDecimal(percentOfFraction(policy.percentage)).text}% of weight`,
  },
};

/** Calls a rule with the policy of its own type (TypeScript cannot correlate the two by itself). */
function ruleFor<T extends PolicyType>(policy: WireOf<T>): PolicyRule<T> {
  return POLICY_RULES[policy['@type'] as T];
}

export interface KnownPolicy {
  known: true;
  policy: KnownDecisionPolicy;
  name: string;
  votingPeriodSeconds: number;
  minExecutionSeconds: number;
}
export type ReadPolicy = KnownPolicy | { known: false; type: string };

/** A policy from the wire; one whose @type or shape this dashboard does not know stays unknown. */
export function readPolicy(wire: DecisionPolicy): ReadPolicy {
  if (!v.is(knownDecisionPolicy, wire)) return { known: false, type: wire['@type'] };
  return {
    known: true,
    policy: wire,
    name: ruleFor(wire).name,
    votingPeriodSeconds: durationSeconds(wire.windows.voting_period),
    minExecutionSeconds: durationSeconds(wire.windows.min_execution_period),
  };
}

export interface Evaluation {
  /** The yes weight that passes the proposal. */
  line: Dec;
  /** Yes weight still needed (0 once reached). */
  needed: Dec;
  /** Weight of members who have not voted. */
  undecided: Dec;
  outcome: 'passing' | 'failing' | 'open';
  /**
   * x/group's "final": no vote still to come can change the outcome, at the group's current
   * members and weights. A change to the group (which does not abort proposals) still can.
   */
  settledByVotes: boolean;
}

/**
 * x/group's DecisionPolicy.Allow in exact decimals, at the group's current members and weights:
 * passing once yes reaches the line; failing once yes plus every undecided weight cannot reach
 * it; open otherwise.
 */
export function evaluatePolicy(policy: ReadPolicy, tally: TallyResult, totalWeight: string): Evaluation | null {
  if (!policy.known) return null;
  const total = dec(totalWeight);
  const yes = dec(tally.yes_count);
  const counted = yes.plus(tally.no_count).plus(tally.abstain_count).plus(tally.no_with_veto_count);
  const undecided = max(total.minus(counted), dec(0));
  const { line, reachable } = ruleFor(policy.policy).passLine(policy.policy, total);
  if (!reachable) return { line, needed: dec(0), undecided, outcome: 'failing', settledByVotes: true };
  const needed = max(line.minus(yes), dec(0));
  if (yes.gte(line)) return { line, needed, undecided, outcome: 'passing', settledByVotes: true };
  if (yes.plus(undecided).lt(line)) return { line, needed, undecided, outcome: 'failing', settledByVotes: true };
  return { line, needed, undecided, outcome: 'open', settledByVotes: false };
}

/** What it takes to pass, in a sentence. */
export function describePolicy(policy: KnownPolicy, totalWeight?: string): Phrase {
  return ruleFor(policy.policy).describe(policy.policy, totalWeight);
}

/** The policy in a few words: its rule and voting period. */
export function briefPolicy(policy: ReadPolicy): string {
  if (!policy.known) return policy.type;
  return `${ruleFor(policy.policy).brief(policy.policy)} · votes ${humanDuration(policy.votingPeriodSeconds)}`;
}
