import type { BlockRecord } from '../chain/block.ts';
import type { Millis } from '../chain/records.ts';
import type { StoreRoots } from '../store/multistore.ts';

/**
 * The chain's genesis document as `/genesis` sends it: its JSON text, or word that it is too
 * large to send whole (CometBFT then serves it only through genesis_chunked).
 */
export type GenesisDocument = { readonly json: string } | { readonly tooLarge: true };

/** What the CometBFT RPC reads: the node's identity, the blocks it still keeps and its genesis. */
export interface BlockSource {
  readonly chainId: string;
  readonly blocks: {
    readonly latest: BlockRecord | null;
    readonly base: bigint | null;
    get(height: bigint): BlockRecord | undefined;
  };
  /** Genesis time of the chain, for /status when no block is kept yet; how its blocks are hashed. */
  readonly params: {
    readonly genesisTime: Millis;
    readonly seed?: string;
    /** Where the validators' keys come from, when not the seed (a fork under test). */
    readonly validatorsSeed?: string;
    readonly blockHashes?: string;
  };
  /**
   * The stores' trees after block `height` (undefined when not kept); absent, or on a chain whose
   * blocks are not signed (begun before they were, so its headers commit to no trees), no abci_query.
   */
  readonly storesAt?: (height: bigint) => StoreRoots | undefined;
  /** The genesis document; absent, `/genesis` is a method this node does not have. */
  readonly genesis?: () => GenesisDocument;
}
