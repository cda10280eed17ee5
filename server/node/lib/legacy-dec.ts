// The SDK's LegacyDec (cosmossdk.io/math): a fixed-point decimal with 18 fractional digits,
// held as an integer scaled by 10^18. x/gov tallies with it, and its rounding (half to even after
// every multiplication and division) decides borderline outcomes, so it is reproduced exactly.

const PRECISION = 18;
const ONE = 10n ** BigInt(PRECISION);
const HALF = ONE / 2n;

/** A LegacyDec as its scaled integer: 1.5 is 1_500_000_000_000_000_000n. */
export type LegacyDec = bigint;

export const decFromInt = (value: bigint): LegacyDec => value * ONE;

/** LegacyNewDecFromStr for the plain decimals params hold ("0.334000000000000000"). */
export function decFromString(text: string): LegacyDec {
  const match = /^(-?)(\d+)(?:\.(\d{1,18}))?$/.exec(text);
  if (!match) throw new Error(`not a decimal with at most 18 digits: ${JSON.stringify(text)}`);
  const [, sign, whole, fraction = ''] = match;
  const scaled = BigInt(whole) * ONE + BigInt(fraction.padEnd(PRECISION, '0'));
  return sign === '-' ? -scaled : scaled;
}

/** chopPrecisionAndRound: drops 18 digits, rounding half to even, symmetric around zero. */
function chop(value: bigint): bigint {
  if (value < 0n) return -chop(-value);
  const quotient = value / ONE;
  const remainder = value % ONE;
  if (remainder < HALF) return quotient;
  if (remainder > HALF) return quotient + 1n;
  return quotient % 2n === 0n ? quotient : quotient + 1n;
}

export const decMul = (a: LegacyDec, b: LegacyDec): LegacyDec => chop(a * b);

/** Quo: the product with 10^36 is truncated by the division, then rounded by the chop. */
export function decQuo(a: LegacyDec, b: LegacyDec): LegacyDec {
  if (b === 0n) throw new Error('division by zero');
  return chop((a * ONE * ONE) / b);
}

export const decMulInt = (a: LegacyDec, n: bigint): LegacyDec => a * n;

/** TruncateInt: towards zero. */
export const decTruncate = (a: LegacyDec): bigint => a / ONE;

/** String(): always 18 fractional digits, as params and weights print. */
export function decText(a: LegacyDec): string {
  const sign = a < 0n ? '-' : '';
  const abs = a < 0n ? -a : a;
  return `${sign}${abs / ONE}.${(abs % ONE).toString().padStart(PRECISION, '0')}`;
}
