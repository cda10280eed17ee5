import { dec, percentOf } from '../../lib/decimal.ts';
import { normalized } from '../../lib/format-number.ts';

/**
 * `part` of `whole` as a percentage to two places, saying so where rounding would mislead: a
 * share that is not zero never reads "0 %" ("< 0.01 %"), one short of all never "100 %"
 * ("> 99.99 %"), and any other rounded share says so ("≈ 63.16 %", as rounded decimals read
 * across the app). Null when `whole` is zero.
 */
export function shareText(part: string, whole: string): string | null {
  const rounded = percentOf(part, whole, 2);
  if (rounded === null) return null;
  const [value, total] = [dec(part), dec(whole)];
  // A no-break space: "71.43" and "%" never part at a line's end.
  if (dec(rounded).isZero() && !value.isZero()) return '< 0.01\u00a0%';
  if (dec(rounded).eq(100) && !value.eq(total)) return '> 99.99\u00a0%';
  const exact = value.div(total).times(100);
  return `${exact.eq(rounded) ? '' : '≈\u00a0'}${normalized(rounded)}\u00a0%`;
}
