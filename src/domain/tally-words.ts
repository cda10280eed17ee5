import type { TallyResult } from '../api/schemas.ts';
import { shownDecimal } from '../lib/format-number.ts';

// A tally in a few words, for a list row where a bar alone says nothing exact: "Yes weight 4 of 6 ·
// No 1 · 1 more needed" — weights, never counts of votes, and said so. Weights are the chain's
// decimals, rounded as everywhere (≈ marks it).

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

/** Where yes stands against the pass line (decimals as text: this runs where no decimal maths is loaded). */
export interface TallyStanding {
  yes_needed: string;
  /** passing, failing or open (anything else reads as open). */
  outcome: string;
}

/**
 * An open proposal's tally at current weights: yes of the group's total weight, the other
 * options that have weight, and where yes stands against the pass line (when the policy and
 * total are known).
 */
export function openTallyWords(tally: TallyResult, totalWeight?: string, standing?: TallyStanding | null): string {
  const yes = `Yes weight ${figure(tally.yes_count)}${totalWeight === undefined ? '' : ` of ${figure(totalWeight)}`}`;
  const noWeight = totalWeight !== undefined && /^0*(\.0*)?$/.test(totalWeight);
  const where =
    standing === undefined || standing === null
      ? ''
      : standing.outcome === 'passing'
        ? noWeight
          ? ' · passes: with no weight left in the group, x/group’s min(threshold, total weight) rule asks for none'
          : ' · pass line reached'
        : standing.outcome === 'failing'
          ? ' · cannot pass as things stand'
          : ` · ${figure(standing.yes_needed)} more needed`;
  return `${yes}${othersText(tally)}${where}`;
}

/** A decided proposal's final tally, as the chain stored it: "Yes weight 4 · No 2". */
export function finalTallyWords(tally: Partial<TallyResult>): string {
  return `Yes weight ${figure(tally.yes_count)}${othersText(tally)}`;
}
