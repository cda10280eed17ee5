import Decimal from 'decimal.js';

// Weights and tallies are decimal strings with up to 18+ fractional digits; they never pass
// through a float. Precision is set far above anything on chain.
const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -100, toExpPos: 100 });
export type Dec = InstanceType<typeof D>;

export const dec = (s: string | number | Dec): Dec => new D(s);

export function isDecimal(s: string): boolean {
  try {
    return new D(s).isFinite();
  } catch {
    return false;
  }
}

export const sum = (values: string[]): Dec => values.reduce((acc, v) => acc.plus(v), new D(0));

/** `part` as a percentage of `whole`, to `digits` places; null when whole is 0. */
export function percentOf(part: string | Dec, whole: string | Dec, digits = 2): string | null {
  const w = dec(whole);
  if (w.isZero()) return null;
  return dec(part).div(w).times(100).toDecimalPlaces(digits, Decimal.ROUND_DOWN).toFixed(digits);
}

export const max = (a: Dec, b: Dec): Dec => (a.gte(b) ? a : b);
export const min = (a: Dec, b: Dec): Dec => (a.lte(b) ? a : b);
