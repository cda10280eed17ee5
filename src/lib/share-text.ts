import { dec, percentOf } from './decimal.ts';
import { normalized } from './format-number.ts';

/**
 * `part` of `whole` as a percentage to two places, saying so where rounding would mislead: a
 * share that is not zero never reads "0%" ("< 0.01%"), one short of all never "100%"
 * ("> 99.99%"), and any other rounded share says so ("≈ 63.16%"). Every share and pass line in
 * the app reads this way, so one page never mixes "30.9%" with "41.59 %". Null when `whole` is
 * zero.
 */
export function shareText(part: string, whole: string): string | null {
  const rounded = percentOf(part, whole, 2);
  if (rounded === null) return null;
  const [value, total] = [dec(part), dec(whole)];
  // No-break spaces: "≈" and "<" never part from their number at a line's end.
  if (dec(rounded).isZero() && !value.isZero()) return '<\u00a00.01%';
  if (dec(rounded).eq(100) && !value.eq(total)) return '>\u00a099.99%';
  const exact = value.div(total).times(100);
  return `${exact.eq(rounded) ? '' : '≈\u00a0'}${normalized(rounded)}%`;
}
