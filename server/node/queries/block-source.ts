import type { BlockRecord } from '../chain/block.ts';
import type { Millis } from '../chain/records.ts';

/** What the CometBFT RPC reads: the node's identity and the blocks it still keeps. */
export interface BlockSource {
  readonly chainId: string;
  readonly blocks: {
    readonly latest: BlockRecord | null;
    readonly base: bigint | null;
    get(height: bigint): BlockRecord | undefined;
  };
  /** Genesis time of the chain, for /status when no block is kept yet. */
  readonly params: { readonly genesisTime: Millis };
}
