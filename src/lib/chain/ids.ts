const MAX_U64 = 18446744073709551615n;

/** A uint64 id typed by a person: plain decimal digits only (no octal/hex surprises). Kept as text. */
export function parseId(input: string): string | null {
  const digits = input.trim().replace(/^#/, '');
  if (!/^\d{1,20}$/.test(digits)) return null;
  const value = BigInt(digits);
  if (value > MAX_U64) return null;
  return value.toString();
}

/** Sorts uint64 strings numerically without converting them to numbers. */
export const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
