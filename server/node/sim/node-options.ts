import type { DurableWriter } from './files/durable-writer.ts';
import type { ChainFilesOptions } from './files/persistence.ts';
import type { ChainParams } from './sim-chain.ts';

export interface NodeOptions extends ChainParams {
  dataDir?: string;
  /** Start a new chain in `dataDir`, moving the old one's files aside (never implied). */
  reset?: boolean;
  /** The data dir's writes (tests make them fail like a full disk). */
  writer?: DurableWriter;
  /** Committed states kept for reads pinned to a height (0: only the latest, nothing frozen). */
  keepRecent?: number;
  /** Blocks kept for the CometBFT RPC (/block, /block_results, /tx_search). */
  keepBlocks?: number;
  /**
   * Live activity only every this many blocks (the others are empty but for the end-blockers):
   * a quiet chain, for benchmarks of reading history. Not for a chain with a data dir, whose
   * replay would not know it.
   */
  liveEvery?: number;
}

export const DEFAULT_KEEP_RECENT = 100;
export const DEFAULT_KEEP_BLOCKS = 20_000;

/** A chain id from the seed: another seed is another chain, and says so. */
export const chainIdOf = (seed: string) =>
  `polity-${seed
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 32)}`;

/** A snapshot every this many live blocks (and at a clean stop) keeps restarts short. */
export const SNAPSHOT_EVERY = 5000n;

/** How a node came back: from which snapshot height (null: from genesis) and how many blocks it replayed. */
export interface Restoration {
  snapshotHeight: bigint | null;
  replayedBlocks: number;
}

/**
 * The parameters of a chain begun now: its blocks signed (unless a bench asks for the headers
 * of a chain begun before they were, to compare), its transactions sequenced.
 */
export const freshParams = (options: NodeOptions): ChainParams => ({
  seed: options.seed,
  genesisTime: options.genesisTime,
  scenario: options.scenario,
  livePeriodS: options.livePeriodS,
  blockHashes: options.blockHashes ?? 'signed',
  signerSequences: true,
  ...(options.accountsSeed === undefined ? {} : { accountsSeed: options.accountsSeed }),
  ...(options.dropGroupAt === undefined ? {} : { dropGroupAt: options.dropGroupAt }),
  ...(options.validatorsSeed === undefined ? {} : { validatorsSeed: options.validatorsSeed }),
});

/** How the data dir is opened: its line hashes kept back to the earliest kept state, which snapshots are of. */
export const filesOptions = (options: NodeOptions): ChainFilesOptions => ({
  reset: options.reset,
  writer: options.writer,
  keepLines: (options.keepRecent ?? DEFAULT_KEEP_RECENT) + 1,
});
