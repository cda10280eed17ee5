import type { BlockRecord } from '../chain/block.ts';
import { txHash } from '../chain/tx/tx-codec.ts';
import { compareNumber, type Condition } from './event-query.ts';
import { txTags } from './event-tags.ts';

// tx_search's matching: `tx.height` and `tx.hash` are the transaction's own, any other tag names
// `<event type>.<attribute key>` of its events. A transaction matches when every condition is
// met by one of its attributes.

function compare(actual: string, condition: Condition): boolean {
  const { operator, arg } = condition;
  if (operator === 'EXISTS' || arg === null) return true;
  if (operator === 'CONTAINS') return actual.includes(arg.text);
  if (arg.type !== 'number') return operator === '=' && actual === arg.text;
  const order = compareNumber(actual, arg.text);
  if (order === null) return false;
  if (operator === '=') return order === 0;
  if (operator === '<') return order < 0;
  if (operator === '<=') return order <= 0;
  if (operator === '>') return order > 0;
  return order >= 0;
}

/** Tags of the transaction itself, not of its events. */
export const TX_OWN_TAGS: ReadonlySet<string> = new Set(['tx.height', 'tx.hash']);

export function txMatches(block: BlockRecord, index: number, conditions: readonly Condition[]): boolean {
  const tags = txTags(block, index);
  if (!conditions.every((condition) => TX_OWN_TAGS.has(condition.tag) || tags.has(condition.tag))) return false;
  const events = block.txResults[index].events;
  return conditions.every((condition) => {
    if (condition.tag === 'tx.height') return compare(String(block.height), condition);
    if (condition.tag === 'tx.hash') return compare(txHash(block.txs[index]), condition);
    return events.some((event) =>
      event.attributes.some(
        (attribute) => `${event.type}.${attribute.key}` === condition.tag && compare(attribute.value, condition),
      ),
    );
  });
}

/** The height range a query's tx.height conditions allow, to skip blocks without looking. */
export function heightBounds(conditions: readonly Condition[]): { min: bigint | null; max: bigint | null } {
  let min: bigint | null = null;
  let max: bigint | null = null;
  for (const { tag, operator, arg } of conditions) {
    if (tag !== 'tx.height' || arg?.type !== 'number' || !/^\d+$/.test(arg.text)) continue;
    const height = BigInt(arg.text);
    if (operator === '=' || operator === '>=') min = min === null || height > min ? height : min;
    if (operator === '>') min = min === null || height + 1n > min ? height + 1n : min;
    if (operator === '=' || operator === '<=') max = max === null || height < max ? height : max;
    if (operator === '<') max = max === null || height - 1n < max ? height - 1n : max;
  }
  return { min, max };
}
