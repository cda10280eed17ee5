import type { TallyResult } from '../api/schemas.ts';
import { shownDecimal } from '../lib/format-number.ts';
import type { Evaluation } from './decision-policies.ts';

// A tally in a few words, for a list row where a bar alone says nothing exact: "Yes 4 of 6 ·
// No 1 · 1 more needed". Weights are the chain's decimals, rounded as everywhere (≈ marks it).

const figure = (value: string | undefined) => shownDecimal(value ?? '0').text;

function othersText(tally: Partial<TallyResult>): string {
  const parts = [
    ['No', tally.no_count],
    ['Veto', tally.no_with_veto_count],
    ['Abstain', tally.abstain_count],
  ] as const;
  return parts
    .filter(([, value]) => value !== undefined && !/^0*(\.0*)?$/.test(value))
    .map(([label, value]) => ` · ${label} ${figure(value)}`)
    .join('');
}

/**
 * An open proposal's tally at current weights: yes of the group's total weight, the other
 * options that have weight, and where yes stands against the pass line (when the policy and
 * total are known).
 */
export function openTallyWords(tally: TallyResult, totalWeight?: string, evaluation?: Evaluation | null): string {
  const yes = `Yes ${figure(tally.yes_count)}${totalWeight === undefined ? '' : ` of ${figure(totalWeight)}`}`;
  let standing = '';
  if (evaluation) {
    if (evaluation.outcome === 'passing') standing = ' · pass line reached';
    else if (evaluation.outcome === 'failing') standing = ' · cannot pass as things stand';
    else standing = ` · ${figure(evaluation.needed.toFixed())} more needed`;
  }
  return `${yes}${othersText(tally)}${standing}`;
}

/** A decided proposal's final tally, as the chain stored it: "Yes 4 · No 2". */
export function finalTallyWords(tally: Partial<TallyResult>): string {
  return `Yes ${figure(tally.yes_count)}${othersText(tally)}`;
}
