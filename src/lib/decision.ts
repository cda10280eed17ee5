import type { DecisionPolicy, TallyResult } from '../api/schemas.ts';
import { dec, max, min, type Dec } from './decimal.ts';
import { durationSeconds } from './time.ts';

export type PolicyKind =
  | { kind: 'threshold'; threshold: string; votingPeriodS: number; minExecutionS: number }
  | { kind: 'percentage'; percentage: string; votingPeriodS: number; minExecutionS: number }
  | { kind: 'unknown'; type: string };

export function readPolicy(p: DecisionPolicy): PolicyKind {
  const windows = 'windows' in p ? (p.windows as { voting_period: string; min_execution_period: string }) : null;
  const w = windows
    ? {
        votingPeriodS: durationSeconds(windows.voting_period),
        minExecutionS: durationSeconds(windows.min_execution_period),
      }
    : null;
  if (p['@type'] === '/cosmos.group.v1.ThresholdDecisionPolicy' && 'threshold' in p && w)
    return { kind: 'threshold', threshold: String(p.threshold), ...w };
  if (p['@type'] === '/cosmos.group.v1.PercentageDecisionPolicy' && 'percentage' in p && w)
    return { kind: 'percentage', percentage: String(p.percentage), ...w };
  return { kind: 'unknown', type: p['@type'] };
}

export interface Evaluation {
  /** The yes weight that passes the proposal. */
  line: Dec;
  /** Yes weight still needed (0 once reached). */
  needed: Dec;
  /** Weight of members who have not voted. */
  undecided: Dec;
  outcome: 'passing' | 'failing' | 'open';
  /** True once no remaining vote can change the outcome. */
  final: boolean;
}

/**
 * x/group's DecisionPolicy.Allow, done in exact decimals: a threshold above the total weight is
 * capped at the total, and a percentage is compared as yes ≥ percentage × total.
 */
export function evaluate(policy: PolicyKind, tally: TallyResult, totalWeight: string): Evaluation | null {
  if (policy.kind === 'unknown') return null;
  const total = dec(totalWeight);
  const yes = dec(tally.yes_count);
  const counted = yes.plus(tally.no_count).plus(tally.abstain_count).plus(tally.no_with_veto_count);
  const undecided = max(total.minus(counted), dec(0));
  const line = policy.kind === 'threshold' ? min(dec(policy.threshold), total) : dec(policy.percentage).times(total);
  if (policy.kind === 'percentage' && total.isZero())
    return { line, needed: dec(0), undecided, outcome: 'failing', final: true };
  const needed = max(line.minus(yes), dec(0));
  if (yes.gte(line)) return { line, needed, undecided, outcome: 'passing', final: true };
  if (yes.plus(undecided).lt(line)) return { line, needed, undecided, outcome: 'failing', final: true };
  return { line, needed, undecided, outcome: 'open', final: false };
}
