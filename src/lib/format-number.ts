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
