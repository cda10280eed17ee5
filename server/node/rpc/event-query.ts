import { cmp, parseDec } from '../../lib/apd-dec.ts';

// CometBFT's event query language (libs/pubsub/query/syntax), as tx_search and block_search
// parse it: conditions `tag OP value` joined by AND. A hand-written scanner, like CometBFT's: one
// pass over the text, so the time to parse (or refuse) a query grows only with its length.

export type Operator = '=' | '<' | '<=' | '>' | '>=' | 'CONTAINS' | 'EXISTS';

export interface Argument {
  readonly type: 'string' | 'number' | 'time' | 'date';
  /** The value's text: a string without its quotes, a number or time as written. */
  readonly text: string;
}

export interface Condition {
  readonly tag: string;
  readonly operator: Operator;
  /** null only for EXISTS. */
  readonly arg: Argument | null;
}

export class QueryError extends Error {}

/** CometBFT's maxQueryLength, in bytes. */
export const MAX_QUERY_BYTES = 512;

type TokenKind = 'invalid' | 'tag' | 'string' | 'number' | 'time' | 'date' | 'and' | Operator;

const TOKEN_NAMES: Record<TokenKind, string> = {
  invalid: 'invalid token',
  tag: 'tag',
  string: 'string',
  number: 'number',
  time: 'timestamp',
  date: 'datestamp',
  and: 'AND operator',
  CONTAINS: 'CONTAINS operator',
  EXISTS: 'EXISTS operator',
  '=': '= operator',
  '<': '< operator',
  '<=': '<= operator',
  '>': '> operator',
  '>=': '>= operator',
};

/** Go's unicode.IsSpace. */
const isSpace = (c: string) =>
  c === ' ' ||
  (c >= '\t' && c <= '\r') ||
  c === '\u0085' ||
  c === '\u00a0' ||
  c === '\u1680' ||
  (c >= '\u2000' && c <= '\u200a') ||
  c === '\u2028' ||
  c === '\u2029' ||
  c === '\u202f' ||
  c === '\u205f' ||
  c === '\u3000';
const isDigit = (c: string) => c >= '0' && c <= '9';
const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;
const isFirstTagChar = (c: string) => c === '_' || LETTER_OR_DIGIT.test(c);
const isTagChar = (c: string) => c === '.' || c === '-' || isFirstTagChar(c);
const isTimeChar = (c: string) => isDigit(c) || '-T:+Z'.includes(c);
const isDateChar = (c: string) => isDigit(c) || c === '-';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

class EndOfInput extends Error {}

/** Bytes of one code point in UTF-8 (a lone surrogate becomes U+FFFD: 3). */
function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** The scanner: `chars` are code points, `offsets[i]` the byte offset where chars[i] starts. */
class Scanner {
  private readonly chars: string[];
  private readonly offsets: number[];
  private index = 0;
  kind: TokenKind = 'invalid';
  text = '';
  /** Byte offset of the current token's start. */
  position = 0;

  constructor(query: string) {
    this.chars = [...query];
    this.offsets = new Array<number>(this.chars.length + 1);
    let offset = 0;
    for (let i = 0; i < this.chars.length; i++) {
      this.offsets[i] = offset;
      offset += utf8Length(this.chars[i]);
    }
    this.offsets[this.chars.length] = offset;
  }

  private get end(): number {
    return this.offsets[this.index];
  }

  /** Advances to the next token; throws EndOfInput at the end, QueryError on bad input. */
  next(): void {
    this.kind = 'invalid';
    this.text = '';
    while (this.index < this.chars.length && isSpace(this.chars[this.index])) this.index++;
    this.position = this.end;
    if (this.index >= this.chars.length) throw new EndOfInput();
    const c = this.chars[this.index++];
    if (isDigit(c)) return this.scanNumber(c);
    if (isFirstTagChar(c)) return this.scanTagLike(c);
    if (c === "'") return this.scanString();
    if (c === '<' || c === '>' || c === '=') return this.scanCompare(c);
    throw new QueryError(`invalid input ${c} at offset ${this.end}`);
  }

  private take(ok: (c: string) => boolean): string {
    const start = this.index;
    while (this.index < this.chars.length && ok(this.chars[this.index])) this.index++;
    return this.chars.slice(start, this.index).join('');
  }

  private scanNumber(first: string): void {
    let text = first + this.take(isDigit);
    if (this.chars[this.index] === '.') {
      this.index++;
      text += '.' + this.take(isDigit);
    }
    this.kind = 'number';
    this.text = text;
  }

  private scanString(): void {
    const close = this.chars.indexOf("'", this.index);
    if (close === -1) {
      this.index = this.chars.length;
      throw new EndOfInput();
    }
    this.text = this.chars.slice(this.index, close).join('');
    this.index = close + 1;
    this.kind = 'string';
  }

  private scanCompare(first: string): void {
    if (first !== '=' && this.chars[this.index] === '=') {
      this.index++;
      this.kind = first === '<' ? '<=' : '>=';
    } else this.kind = first as Operator;
    this.text = this.kind;
  }

  private scanTagLike(first: string): void {
    const text = first + this.take(isTagChar);
    // TIME and DATE introduce a value only when a plain space follows them.
    const spaced = this.chars[this.index] === ' ';
    if ((text === 'TIME' || text === 'DATE') && spaced) {
      this.index++;
      const value = this.take(text === 'TIME' ? isTimeChar : isDateChar);
      this.checkStamp(text, value);
      this.kind = text === 'TIME' ? 'time' : 'date';
      this.text = value;
      return;
    }
    this.text = text;
    this.kind = text === 'AND' ? 'and' : text === 'EXISTS' || text === 'CONTAINS' ? text : 'tag';
  }

  private checkStamp(label: 'TIME' | 'DATE', value: string): void {
    const match = (label === 'TIME' ? RFC3339 : DATE).exec(value);
    const layout = label === 'TIME' ? '2006-01-02T15:04:05Z07:00' : '2006-01-02';
    const valid =
      match !== null &&
      validDate(Number(match[1]), Number(match[2]), Number(match[3])) &&
      (label === 'DATE' || (Number(match[4]) < 24 && Number(match[5]) < 60 && Number(match[6]) < 60));
    if (!valid) throw new QueryError(`invalid ${label} value: parsing time "${value}" as "${layout}": cannot parse`);
    const year = Number(match[1]);
    if (year < 1900 || year > 2999) {
      throw new QueryError(`${label === 'TIME' ? 'timestamp' : 'datestamp'} year ${year} out of range`);
    }
  }
}

function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const RANGE_OPERATORS: readonly TokenKind[] = ['<=', '>=', '<', '>'];
const ARGUMENTS: Partial<Record<Operator, readonly TokenKind[]>> = {
  '<=': ['number', 'time', 'date'],
  '>=': ['number', 'time', 'date'],
  '<': ['number', 'time', 'date'],
  '>': ['number', 'time', 'date'],
  '=': ['number', 'time', 'date', 'string'],
  CONTAINS: ['string'],
};

function label(kinds: readonly TokenKind[]): string {
  const names = kinds.map((kind) => TOKEN_NAMES[kind]);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** Advances and requires one of `kinds`, with the parser's error words. */
function require(scanner: Scanner, kinds: readonly TokenKind[]): void {
  try {
    scanner.next();
  } catch (error) {
    if (error instanceof EndOfInput) throw new QueryError(`offset ${scanner.position}: EOF`);
    if (error instanceof QueryError) throw new QueryError(`offset ${scanner.position}: ${error.message}`);
    throw error;
  }
  if (!kinds.includes(scanner.kind)) {
    throw new QueryError(`offset ${scanner.position}: got ${TOKEN_NAMES[scanner.kind]}, wanted ${label(kinds)}`);
  }
}

function parseCondition(scanner: Scanner): Condition {
  require(scanner, ['tag']);
  const tag = scanner.text;
  require(scanner, [...RANGE_OPERATORS, '=', 'CONTAINS', 'EXISTS']);
  const operator = scanner.kind as Operator;
  if (operator === 'EXISTS') return { tag, operator, arg: null };
  require(scanner, ARGUMENTS[operator] ?? []);
  return { tag, operator, arg: { type: scanner.kind as Argument['type'], text: scanner.text } };
}

/**
 * Parses a query, refusing one longer than `maxBytes` before looking at it. Like CometBFT's
 * parser, anything after the last condition that ends the input early (an unclosed quote) is
 * ignored, and an empty query is an error.
 */
export function parseQuery(query: string, maxBytes = MAX_QUERY_BYTES): Condition[] {
  if (Buffer.byteLength(query) > maxBytes) throw new QueryError('maximum query length exceeded');
  const scanner = new Scanner(query);
  const conditions = [parseCondition(scanner)];
  for (;;) {
    try {
      scanner.next();
    } catch (error) {
      if (error instanceof EndOfInput) break;
      if (!(error instanceof QueryError)) throw error;
    }
    if (scanner.kind !== 'and') {
      throw new QueryError(`offset ${scanner.position}: got ${TOKEN_NAMES[scanner.kind]}, want AND operator`);
    }
    conditions.push(parseCondition(scanner));
  }
  return conditions;
}

/**
 * How an attribute's value compares with a number argument (-1, 0, 1), or null when the value
 * is not a number. Both are read as exact decimals, as the indexers' big-number comparisons are.
 */
export function compareNumber(value: string, argument: string): number | null {
  const actual = parseDec(value);
  const bound = parseDec(argument);
  return actual === null || bound === null ? null : cmp(actual, bound);
}
