import type { TallyResult } from '../api/schemas.ts';
import { dec, type Dec } from '../lib/decimal.ts';
import { TALLY_FIELDS } from './vote-options.ts';

// Apart from vote-options so the first page, which reads option names, does not load decimals.
/** The weight counted by a tally, over every option. */
export const countedWeight = (tally: TallyResult): Dec =>
  TALLY_FIELDS.reduce((sum, field) => sum.plus(tally[field]), dec(0));

/**
 * What a tally's shares are of: the group's total weight, or what was counted when members who
 * voted have left since (or the total is unknown).
 */
export function shareBase(tally: TallyResult, totalWeight?: string): Dec {
  const counted = countedWeight(tally);
  return totalWeight !== undefined && dec(totalWeight).gt(counted) ? dec(totalWeight) : counted;
}
