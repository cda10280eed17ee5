import type { BlockRecord } from '../chain/block.ts';
import type { BlockSource } from '../queries/block-source.ts';
import { finalizeTags, txTags } from './event-tags.ts';

// The heights whose events carry a tag, as CometBFT's kv indexer keeps them: a search over a
// long history visits only the blocks that carry its query's tags, not every kept block (a
// backfill asks page after page over 100,000 blocks). Built for a tag on its first search and
// extended by the blocks added since; blocks are immutable once made, and the store only ever
// adds at the top, drops at the bottom, or starts over (then the index does too).

export type TagKind = 'tx' | 'finalize';

interface TagHeights {
  /** Ascending; may still hold heights dropped since (trimmed on the next search). */
  heights: bigint[];
  /** The newest block looked at: when the store no longer holds it there, it started over. */
  upTo: BlockRecord | null;
}

type Blocks = BlockSource['blocks'];

const indexes = new WeakMap<Blocks, Map<string, TagHeights>>();

/**
 * Tags indexed per store, the least recently searched let go first: searches are anyone's to
 * send, so the index must not grow with every made-up tag (an indexer asks for a handful).
 */
const MOST_TAGS = 64;

function carries(block: BlockRecord, kind: TagKind, tag: string): boolean {
  if (kind === 'finalize') return finalizeTags(block).has(tag);
  for (let index = 0; index < block.txs.length; index++) if (txTags(block, index).has(tag)) return true;
  return false;
}

/** The first position in `heights` at or above `height`. */
function positionOf(heights: readonly bigint[], height: bigint): number {
  let [low, high] = [0, heights.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (heights[middle] < height) low = middle + 1;
    else high = middle;
  }
  return low;
}

function current(blocks: Blocks, kind: TagKind, tag: string): TagHeights {
  let byTag = indexes.get(blocks);
  if (!byTag) indexes.set(blocks, (byTag = new Map()));
  const key = `${kind} ${tag}`;
  let entry = byTag.get(key);
  byTag.delete(key);
  if (!entry || (entry.upTo && blocks.get(entry.upTo.height) !== entry.upTo)) entry = { heights: [], upTo: null };
  // Kept in the order last searched: the first key is the one to let go.
  byTag.set(key, entry);
  if (byTag.size > MOST_TAGS) byTag.delete(byTag.keys().next().value as string);
  const latest = blocks.latest;
  const base = blocks.base;
  if (latest === null || base === null) return entry;
  const start = entry.upTo && entry.upTo.height >= base ? entry.upTo.height + 1n : base;
  for (let height = start; height <= latest.height; height++) {
    const block = blocks.get(height);
    if (block && carries(block, kind, tag)) entry.heights.push(height);
  }
  entry.upTo = latest;
  const dropped = positionOf(entry.heights, base);
  if (dropped > 0) entry.heights.splice(0, dropped);
  return entry;
}

/**
 * The kept heights of [from, to] whose blocks carry every one of `tags` (in a transaction's
 * events, or the block's finalize-block events), ascending; the query's own matching still decides.
 */
export function heightsWithTags(
  blocks: Blocks,
  kind: TagKind,
  tags: readonly string[],
  from: bigint,
  to: bigint,
): bigint[] {
  const lists: bigint[][] = [];
  for (const tag of new Set(tags)) {
    const { heights } = current(blocks, kind, tag);
    // No block carries this tag: nothing matches, whatever the other tags.
    if (heights.length === 0) return [];
    lists.push(heights);
  }
  lists.sort((one, other) => one.length - other.length);
  const [rarest, ...others] = lists;
  const found: bigint[] = [];
  for (let position = positionOf(rarest, from); position < rarest.length && rarest[position] <= to; position++) {
    const height = rarest[position];
    if (others.every((list) => list[positionOf(list, height)] === height)) found.push(height);
  }
  return found;
}
