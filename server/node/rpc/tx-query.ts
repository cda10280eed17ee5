import type { BlockRecord } from '../chain/block.ts';
import { txHash } from '../chain/tx/tx-codec.ts';

// The subset of CometBFT's query language that tx_search needs: conditions joined by AND, each
// `tx.height`, `tx.hash` or `<event type>.<attribute key>` compared with = < <= > >= (numbers or
// 'quoted strings'), CONTAINS 'text', or EXISTS. A transaction matches when every condition is
// met by one of its events' attributes.

type Operator = '=' | '<' | '<=' | '>' | '>=' | 'CONTAINS' | 'EXISTS';

interface Condition {
  key: string;
  operator: Operator;
  value: string | number | null;
}

export class QueryError extends Error {}

const CONDITION = /^\s*([A-Za-z0-9_.\-/]+)\s*(<=|>=|=|<|>|CONTAINS|EXISTS)\s*(?:'([^']*)'|([0-9]+(?:\.[0-9]+)?))?\s*$/;

export function parseTxQuery(text: string): Condition[] {
  if (text.trim() === '') throw new QueryError('query cannot be empty');
  return text.split(/\s+AND\s+/).map((part) => {
    const match = CONDITION.exec(part);
    if (!match) throw new QueryError(`failed to parse query: ${JSON.stringify(part)}`);
    const operator = match[2] as Operator;
    const value = match[3] !== undefined ? match[3] : match[4] !== undefined ? Number(match[4]) : null;
    if ((value === null) !== (operator === 'EXISTS'))
      throw new QueryError(`failed to parse query: ${JSON.stringify(part)}`);
    return { key: match[1], operator, value };
  });
}

function compare(actual: string, condition: Condition): boolean {
  const { operator, value } = condition;
  if (operator === 'EXISTS') return true;
  if (operator === 'CONTAINS') return typeof value === 'string' && actual.includes(value);
  if (typeof value === 'string') return operator === '=' && actual === value;
  const number = Number(actual);
  if (Number.isNaN(number) || value === null) return false;
  if (operator === '=') return number === value;
  if (operator === '<') return number < value;
  if (operator === '<=') return number <= value;
  if (operator === '>') return number > value;
  return number >= value;
}

export function txMatches(block: BlockRecord, index: number, conditions: Condition[]): boolean {
  const events = block.txResults[index].events;
  return conditions.every((condition) => {
    if (condition.key === 'tx.height') return compare(String(block.height), condition);
    if (condition.key === 'tx.hash') return compare(txHash(block.txs[index]), condition);
    return events.some((event) =>
      event.attributes.some(
        (attribute) => `${event.type}.${attribute.key}` === condition.key && compare(attribute.value, condition),
      ),
    );
  });
}

/** The height range a query's tx.height conditions allow, to skip blocks without looking. */
export function heightBounds(conditions: Condition[]): { min: bigint | null; max: bigint | null } {
  let min: bigint | null = null;
  let max: bigint | null = null;
  for (const { key, operator, value } of conditions) {
    if (key !== 'tx.height' || typeof value !== 'number' || !Number.isInteger(value)) continue;
    const height = BigInt(value);
    if (operator === '=' || operator === '>=') min = min === null || height > min ? height : min;
    if (operator === '>') min = min === null || height + 1n > min ? height + 1n : min;
    if (operator === '=' || operator === '<=') max = max === null || height < max ? height : max;
    if (operator === '<') max = max === null || height - 1n < max ? height - 1n : max;
  }
  return { min, max };
}
