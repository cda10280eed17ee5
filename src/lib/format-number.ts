// Formatting decimal strings for reading, without a decimal library (this runs on the first
// page): only the digits' positions change, never their values.

/** Plain notation of a decimal string: "1e2" → "100", "1.5E-3" → "0.0015". */
export function plain(text: string): string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?[eE]([+-]?\d+)$/.exec(text.trim());
  if (!match) return text;
  const [, sign, int = '', frac = '', expText] = match;
  const exp = Number(expText);
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 400) return text;
  const intLen = int.length + exp;
  const all = int + frac;
  let out: string;
  if (intLen <= 0) out = '0.' + '0'.repeat(-intLen) + all;
  else if (intLen >= all.length) out = all + '0'.repeat(intLen - all.length);
  else out = all.slice(0, intLen) + '.' + all.slice(intLen);
  out = out.replace(/^0+(?=\d)/, '');
  if (out.includes('.')) out = out.replace(/\.$/, '');
  return `${sign === '-' ? '-' : ''}${out}`;
}

/** Groups the integer part in threes: "1234567.891" → "1,234,567.891". */
export function grouped(text: string): string {
  const [int, frac] = plain(text).split('.');
  const neg = int.startsWith('-');
  const digits = neg ? int.slice(1) : int;
  return `${neg ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac !== undefined ? '.' + frac : ''}`;
}

/** How many fractional digits a decimal is shown with; the exact value stays one step away. */
export const SHOWN_FRACTION_DIGITS = 2;

/** "2.50" → "2.5", "105.0" → "105", "-0.0" → "0": the same number without trailing zeros. */
export function normalized(text: string): string {
  let out = plain(text).replace(/^\+/, '');
  if (out.includes('.')) out = out.replace(/0+$/, '').replace(/\.$/, '');
  out = out.replace(/^(-?)0+(?=\d)/, '$1').replace(/^(-?)\./, '$10.');
  return /^-0(\.0*)?$/.test(out) ? '0' : out;
}

/** Rounds a decimal string to `digits` fractional digits, half away from zero, on the digits themselves. */
export function roundedTo(text: string, digits: number): string {
  const value = normalized(text);
  const negative = value.startsWith('-');
  const [int, frac = ''] = (negative ? value.slice(1) : value).split('.');
  if (frac.length <= digits) return value;
  const scaled = BigInt(int + frac.slice(0, digits)) + (Number(frac[digits]) >= 5 ? 1n : 0n);
  const digitsText = scaled.toString().padStart(digits + 1, '0');
  const whole = digitsText.slice(0, digitsText.length - digits);
  const out = normalized(digits > 0 ? `${whole}.${digitsText.slice(-digits)}` : whole);
  return negative && out !== '0' ? `-${out}` : out;
}

export interface ShownDecimal {
  /** The readable form: grouped, at most SHOWN_FRACTION_DIGITS decimals, rounded. */
  text: string;
  /** Every digit, grouped. */
  exact: string;
  /** True when `text` is not the exact value. */
  approximate: boolean;
}

/**
 * The one way a decimal from the chain is shown: "1120.0" and "1120" both read "1,120";
 * "3.35499999999999999978" reads "≈ 3.35", with the exact value kept for on demand; a value too
 * small to show at two places reads "< 0.01" rather than a misleading 0.
 */
export function shownDecimal(text: string): ShownDecimal {
  const value = normalized(text);
  const rounded = roundedTo(value, SHOWN_FRACTION_DIGITS);
  const exact = grouped(value);
  if (rounded === '0' && value !== '0') {
    const smallest = `0.${'0'.repeat(SHOWN_FRACTION_DIGITS - 1)}1`;
    return { text: value.startsWith('-') ? `> -${smallest}` : `< ${smallest}`, exact, approximate: true };
  }
  // A rounded value says so: "≈ 5.08" is not 5.08.
  return rounded === value
    ? { text: grouped(rounded), exact, approximate: false }
    : { text: `≈ ${grouped(rounded)}`, exact, approximate: true };
}
