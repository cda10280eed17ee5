import type { BlockRecord } from '../chain/block.ts';

/** The blocks CometBFT keeps: the most recent `keep`, by height. */
export class BlockStore {
  private readonly byHeight = new Map<bigint, BlockRecord>();
  private lowest: bigint | null = null;
  latest: BlockRecord | null = null;

  constructor(private readonly keep: number) {}

  add(block: BlockRecord): void {
    this.byHeight.set(block.height, block);
    this.latest = block;
    this.lowest ??= block.height;
    while (this.byHeight.size > this.keep && this.lowest !== null) {
      this.byHeight.delete(this.lowest);
      this.lowest++;
    }
  }

  get(height: bigint): BlockRecord | undefined {
    return this.byHeight.get(height);
  }

  /** Lowest height still kept (null before the first block). */
  get base(): bigint | null {
    return this.lowest;
  }
}
