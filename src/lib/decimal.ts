import Decimal from 'decimal.js';

// Weights and tallies are decimal strings with up to 18+ fractional digits; they never pass
// through a float. Precision is set far above anything on chain.
const ExactDecimal = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -100, toExpPos: 100 });
export type Dec = InstanceType<typeof ExactDecimal>;

export const dec = (value: string | number | Dec): Dec => new ExactDecimal(value);

/** `part` as a percentage of `whole`, rounded half up to `digits` places; null when whole is 0. */
export function percentOf(part: string | Dec, whole: string | Dec, digits = 2): string | null {
  const divisor = dec(whole);
  if (divisor.isZero()) return null;
  return dec(part).div(divisor).times(100).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP).toFixed(digits);
}

export const max = (a: Dec, b: Dec): Dec => (a.gte(b) ? a : b);
export const min = (a: Dec, b: Dec): Dec => (a.lte(b) ? a : b);

/** Orders decimal strings by value ("10" after "9.5"), for sorting lists by weight. */
export const compareDecimals = (a: string, b: string): number => dec(a).cmp(b);
