import type { BlockRecord } from '../chain/block.ts';
import type { AbciEvent } from '../chain/events.ts';
import { compareNumber, type Condition, type Operator } from './event-query.ts';
import { finalizeTags } from './event-tags.ts';

// block_search's matching, as CometBFT 0.38's kv block indexer answers it: over a block's
// finalize-block events only, with every event condition met by one and the same event (the
// indexer keys matches by height and event sequence), and `block.height` as a filter on the
// block with the indexer's rules: a range on it drops any `block.height =`, and only the first
// `=` counts (its height 0 filters nothing).

const HEIGHT_TAG = 'block.height';
const RANGE_OPERATORS: readonly Operator[] = ['<', '<=', '>', '>='];

/** A merged range over one tag: later conditions on the same side replace earlier ones. */
interface Range {
  lower: { text: string; inclusive: boolean; numeric: boolean } | null;
  upper: { text: string; inclusive: boolean; numeric: boolean } | null;
}

function mergeRanges(conditions: readonly Condition[]): Map<string, Range> {
  const ranges = new Map<string, Range>();
  for (const { tag, operator, arg } of conditions) {
    if (!RANGE_OPERATORS.includes(operator) || arg === null) continue;
    const range = ranges.get(tag) ?? { lower: null, upper: null };
    const bound = { text: arg.text, inclusive: operator.endsWith('='), numeric: arg.type === 'number' };
    if (operator.startsWith('>')) range.lower = bound;
    else range.upper = bound;
    ranges.set(tag, range);
  }
  return ranges;
}

/** Only number bounds can match: a range with a TIME or DATE bound finds nothing. */
function inRange(value: string, range: Range): boolean {
  if (range.lower?.numeric === false || range.upper?.numeric === false) return false;
  if (range.lower) {
    const order = compareNumber(value, range.lower.text);
    if (order === null || order < 0 || (order === 0 && !range.lower.inclusive)) return false;
  }
  if (range.upper) {
    const order = compareNumber(value, range.upper.text);
    if (order === null || order > 0 || (order === 0 && !range.upper.inclusive)) return false;
  }
  return true;
}

function attributeMeets(value: string, condition: Condition): boolean {
  const { operator, arg } = condition;
  if (operator === 'EXISTS') return true;
  if (arg === null) return false;
  if (operator === 'CONTAINS') return value.includes(arg.text);
  return value === arg.text; // `=` compares the argument's text, whatever its type
}

/** The event's indexed attributes (non-empty type and key, index:true) under each tag. */
function indexedValues(event: AbciEvent, tag: string): string[] {
  if (event.type === '') return [];
  return event.attributes
    .filter((attribute) => attribute.index && attribute.key !== '' && `${event.type}.${attribute.key}` === tag)
    .map((attribute) => attribute.value);
}

export interface BlockQuery {
  /** True when a block at `height` with these finalize-block events matches. */
  matches(height: bigint, events: readonly AbciEvent[]): boolean;
  /** The heights worth looking at, when the query bounds them (null: all kept blocks). */
  readonly heightRange: { min: bigint | null; max: bigint | null };
  /** Tags a matching block's events must carry. */
  readonly eventTags: readonly string[];
}

/** The whole heights a numeric bound can admit, rounded outwards (a bound that is no number: none). */
function wholeBound(bound: Range['lower'], side: 'lower' | 'upper'): bigint | null {
  const match = bound?.numeric ? /^(\d+)(\.\d*)?$/.exec(bound.text) : null;
  if (!match) return null;
  const whole = BigInt(match[1]);
  return side === 'upper' && match[2] && /[1-9]/.test(match[2]) ? whole + 1n : whole;
}

export function compileBlockQuery(conditions: readonly Condition[]): BlockQuery {
  const heightConditions = conditions.filter((condition) => condition.tag === HEIGHT_TAG);
  const eventConditions = conditions.filter((condition) => condition.tag !== HEIGHT_TAG);
  // EXISTS or CONTAINS on block.height never matches an index entry: nothing is found.
  const impossible = heightConditions.some(
    (condition) => condition.operator === 'EXISTS' || condition.operator === 'CONTAINS',
  );
  const heightRange = mergeRanges(heightConditions).get(HEIGHT_TAG) ?? null;
  let heightEq: bigint | null = null;
  if (!heightRange) {
    for (const condition of heightConditions) {
      const height = condition.arg ? truncatedHeight(condition.arg.text) : null;
      if (condition.operator === '=' && height !== null) {
        heightEq = height;
        break;
      }
    }
  }
  const ranges = mergeRanges(eventConditions);
  const others = eventConditions.filter((condition) => !RANGE_OPERATORS.includes(condition.operator));
  const heightOk = (height: bigint) => {
    if (heightRange) return inRange(String(height), heightRange);
    return heightEq === null || heightEq === 0n || height === heightEq;
  };
  const eventOk = (event: AbciEvent) =>
    [...ranges].every(([tag, range]) => indexedValues(event, tag).some((value) => inRange(value, range))) &&
    others.every((condition) => indexedValues(event, condition.tag).some((value) => attributeMeets(value, condition)));
  const heightsOnly = eventConditions.length === 0;
  const onlyEq = heightsOnly && !heightRange;
  return {
    heightRange: heightRange
      ? { min: wholeBound(heightRange.lower, 'lower'), max: wholeBound(heightRange.upper, 'upper') }
      : {
          min: heightEq !== null && heightEq !== 0n ? heightEq : null,
          max: heightEq !== null && heightEq !== 0n ? heightEq : null,
        },
    eventTags: impossible ? [] : eventConditions.map((condition) => condition.tag),
    matches(height, events) {
      if (impossible) return false;
      // Only `block.height = H`: that block, if kept (a non-number height finds nothing).
      if (onlyEq) return heightEq !== null && height === heightEq;
      if (!heightOk(height)) return false;
      return heightsOnly || events.some(eventOk);
    },
  };
}

/** big.Float.Int64 of the argument: the height a `block.height = X` names, truncated. */
function truncatedHeight(text: string): bigint | null {
  const match = /^(\d+)(?:\.\d*)?$/.exec(text);
  return match ? BigInt(match[1]) : null;
}

export function blockMatches(block: BlockRecord, query: BlockQuery): boolean {
  if (query.eventTags.some((tag) => !finalizeTags(block).has(tag))) return false;
  return query.matches(block.height, block.finalizeEvents);
}
