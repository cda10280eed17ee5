// Go's strconv.ParseUint/ParseInt with base 0 and ParseBool, reproduced because the gateway
// parses path and query values with them and its error text ends up in response bodies.

export class GoParseError extends Error {}

const MAX_U64 = (1n << 64n) - 1n;
const MAX_I64 = (1n << 63n) - 1n;

/** strconv.Quote, close enough for the ASCII and printable input that reaches error messages. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === '\\') out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
    else if (c === 0xfffd) out += '\\ufffd';
    else out += ch;
  }
  return out + '"';
}

function underscoreOK(input: string): boolean {
  let s = input;
  let saw = '^';
  let i = 0;
  if (s.length >= 1 && (s[0] === '-' || s[0] === '+')) s = s.slice(1);
  let hex = false;
  if (s.length >= 2 && s[0] === '0' && 'box'.includes(s[1].toLowerCase())) {
    i = 2;
    saw = '0';
    hex = s[1].toLowerCase() === 'x';
  }
  for (; i < s.length; i++) {
    const c = s[i];
    const l = c.toLowerCase();
    if ((c >= '0' && c <= '9') || (hex && l >= 'a' && l <= 'f')) {
      saw = '0';
      continue;
    }
    if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
      continue;
    }
    if (saw === '_') return false;
    saw = '!';
  }
  return saw !== '_';
}

function parseUintCore(fn: string, s0: string, max: bigint): bigint {
  const syntax = () => new GoParseError(`strconv.${fn}: parsing ${goQuote(s0)}: invalid syntax`);
  const range = () => new GoParseError(`strconv.${fn}: parsing ${goQuote(s0)}: value out of range`);
  let s = s0;
  if (s === '') throw syntax();
  let base = 10;
  if (s[0] === '0') {
    const p = s.length >= 3 ? s[1].toLowerCase() : '';
    base = p === 'b' ? 2 : p === 'o' ? 8 : p === 'x' ? 16 : 8;
    s = s.slice(p === 'b' || p === 'o' || p === 'x' ? 2 : 1);
  }
  let n = 0n;
  let underscores = false;
  const b = BigInt(base);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let d: number;
    if (c === 95) {
      underscores = true;
      continue;
    } else if (c >= 48 && c <= 57) d = c - 48;
    else if ((c | 0x20) >= 97 && (c | 0x20) <= 122) d = (c | 0x20) - 97 + 10;
    else throw syntax();
    if (d >= base) throw syntax();
    n = n * b + BigInt(d);
    if (n > max) throw range();
  }
  if (underscores && !underscoreOK(s0)) throw syntax();
  return n;
}

/** strconv.ParseUint(s, 0, 64). */
export function parseUint64(s: string): bigint {
  return parseUintCore('ParseUint', s, MAX_U64);
}

/** strconv.ParseInt(s, 0, 64). */
export function parseInt64(s0: string): bigint {
  if (s0 === '') throw new GoParseError(`strconv.ParseInt: parsing "": invalid syntax`);
  let s = s0;
  let neg = false;
  if (s[0] === '+' || s[0] === '-') {
    neg = s[0] === '-';
    s = s.slice(1);
  }
  let un: bigint;
  try {
    un = parseUintCore('ParseInt', s, MAX_U64);
    if (s.includes('_') && !underscoreOK(s0)) throw new GoParseError('syntax');
  } catch (e) {
    const msg =
      e instanceof Error && e.message.endsWith('value out of range') ? 'value out of range' : 'invalid syntax';
    throw new GoParseError(`strconv.ParseInt: parsing ${goQuote(s0)}: ${msg}`);
  }
  if (!neg && un > MAX_I64) throw new GoParseError(`strconv.ParseInt: parsing ${goQuote(s0)}: value out of range`);
  if (neg && un > MAX_I64 + 1n) throw new GoParseError(`strconv.ParseInt: parsing ${goQuote(s0)}: value out of range`);
  return neg ? -un : un;
}

const MAX_I32 = (1n << 31n) - 1n;

/** strconv.ParseInt(s, 0, 32), as the gateway parses an enum given by number. */
export function parseInt32(s: string): number {
  const value = parseInt64(s);
  if (value > MAX_I32 || value < -MAX_I32 - 1n) {
    throw new GoParseError(`strconv.ParseInt: parsing ${goQuote(s)}: value out of range`);
  }
  return Number(value);
}

const TRUE = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** strconv.ParseBool. */
export function parseBool(s: string): boolean {
  if (TRUE.has(s)) return true;
  if (FALSE.has(s)) return false;
  throw new GoParseError(`strconv.ParseBool: parsing ${goQuote(s)}: invalid syntax`);
}
