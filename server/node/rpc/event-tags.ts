import type { BlockRecord } from '../chain/block.ts';
import type { AbciEvent } from '../chain/events.ts';

// The `type.key` tags a transaction's or a block's events carry, gathered once per block: a
// search over a long history checks each block against its query's tags first, and only the few
// that carry them are matched attribute by attribute (the kv indexer looks tags up the same way).

const txTagCache = new WeakMap<BlockRecord, readonly ReadonlySet<string>[]>();
const finalizeTagCache = new WeakMap<BlockRecord, ReadonlySet<string>>();

function tagsOf(events: readonly AbciEvent[], indexedOnly: boolean): Set<string> {
  const tags = new Set<string>();
  for (const event of events) {
    for (const attribute of event.attributes) {
      if (!indexedOnly || (attribute.index && event.type !== '' && attribute.key !== '')) {
        tags.add(`${event.type}.${attribute.key}`);
      }
    }
  }
  return tags;
}

/** Every tag of the block's `index`th transaction's events. */
export function txTags(block: BlockRecord, index: number): ReadonlySet<string> {
  let tags = txTagCache.get(block);
  if (!tags) {
    tags = block.txResults.map((result) => tagsOf(result.events, false));
    txTagCache.set(block, tags);
  }
  return tags[index];
}

/** The tags the block indexer keeps of the block's finalize-block events (indexed attributes only). */
export function finalizeTags(block: BlockRecord): ReadonlySet<string> {
  let tags = finalizeTagCache.get(block);
  if (!tags) {
    tags = tagsOf(block.finalizeEvents, true);
    finalizeTagCache.set(block, tags);
  }
  return tags;
}
