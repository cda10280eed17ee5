// Decimal values with the semantics of cockroachdb/apd as x/group uses them: a coefficient and
// an exponent, sums keep the smallest exponent, and Text('f') prints plain notation. Trailing
// zeros matter on the wire ("1.50" + "1" is "2.50"), which no general decimal library models,
// so this small bigint type exists instead of one.

export interface Dec {
  readonly coef: bigint;
  readonly exp: number;
}

const DEC_RE = /^([+-]?)(\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d+))?$/;

export function parseDec(s: string): Dec | null {
  const m = DEC_RE.exec(s);
  if (!m) return null;
  const [, sign, body, e] = m;
  const dot = body.indexOf('.');
  const digits = dot === -1 ? body : body.slice(0, dot) + body.slice(dot + 1);
  const frac = dot === -1 ? 0 : body.length - dot - 1;
  const exp = (e ? Number(e) : 0) - frac;
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 10000) return null;
  const coef = BigInt(digits || '0');
  return { coef: sign === '-' ? -coef : coef, exp };
}

export const ZERO: Dec = { coef: 0n, exp: 0 };

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const exp = Math.min(a.exp, b.exp);
  return [a.coef * 10n ** BigInt(a.exp - exp), b.coef * 10n ** BigInt(b.exp - exp), exp];
}

export function add(a: Dec, b: Dec): Dec {
  const [x, y, exp] = align(a, b);
  return { coef: x + y, exp };
}

export function sub(a: Dec, b: Dec): Dec {
  const [x, y, exp] = align(a, b);
  return { coef: x - y, exp };
}

export function cmp(a: Dec, b: Dec): number {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function mul(a: Dec, b: Dec): Dec {
  return { coef: a.coef * b.coef, exp: a.exp + b.exp };
}

export const isZero = (a: Dec) => a.coef === 0n;
export const isNeg = (a: Dec) => a.coef < 0n;
export const min = (a: Dec, b: Dec) => (cmp(a, b) <= 0 ? a : b);

/** apd Text('f'). */
export function text(a: Dec): string {
  const neg = a.coef < 0n;
  const digits = (neg ? -a.coef : a.coef).toString();
  let out: string;
  if (a.exp >= 0) out = a.coef === 0n ? '0' : digits + '0'.repeat(a.exp);
  else {
    const scale = -a.exp;
    const padded = digits.padStart(scale + 1, '0');
    out = padded.slice(0, padded.length - scale) + '.' + padded.slice(padded.length - scale);
  }
  return neg ? '-' + out : out;
}
