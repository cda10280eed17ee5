import type { BlockRecord } from '../../chain/block.ts';

/**
 * The blocks CometBFT keeps: the most recent `keep`, by height. They are consecutive, so they
 * sit in an array from the lowest kept: a search over a long history looks each one up by its
 * offset, not by hashing a bigint key.
 */
export class BlockStore {
  private blocks: (BlockRecord | undefined)[] = [];
  /** Where the lowest kept block sits in `blocks` (the ones before it are dropped in batches). */
  private first = 0;
  latest: BlockRecord | null = null;

  constructor(private readonly keep: number) {}

  add(block: BlockRecord): void {
    // A block that does not follow the latest starts the store over (blocks come in height order).
    if (this.latest !== null && block.height !== this.latest.height + 1n) {
      this.blocks = [];
      this.first = 0;
    }
    this.blocks.push(block);
    this.latest = block;
    // A dropped block is let go at once; its slot goes with the next compaction.
    if (this.blocks.length - this.first > this.keep) this.blocks[this.first++] = undefined;
    if (this.first > 4096 && this.first > this.keep) {
      this.blocks = this.blocks.slice(this.first);
      this.first = 0;
    }
  }

  get(height: bigint): BlockRecord | undefined {
    const lowest = this.base;
    if (lowest === null || height < lowest || this.latest === null || height > this.latest.height) return undefined;
    return this.blocks[this.first + Number(height - lowest)];
  }

  /** The blocks kept up to `last`, oldest first. */
  upTo(last: bigint): BlockRecord[] {
    const out: BlockRecord[] = [];
    const base = this.base;
    if (base === null) return out;
    for (let height = base; height <= last; height++) {
      const block = this.get(height);
      if (block) out.push(block);
    }
    return out;
  }

  /** Lowest height still kept (null before the first block). */
  get base(): bigint | null {
    return this.blocks[this.first]?.height ?? null;
  }
}
