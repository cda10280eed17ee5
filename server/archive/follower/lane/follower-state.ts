/** Where a new archive begins: `earliest`, `genesis`, `latest` or a height (what `--archive-from` takes). */
export type ArchiveFrom = 'earliest' | 'genesis' | 'latest' | bigint;

/**
 * How a block's header is vouched for: by its own signatures, or by the verified header of the
 * next block, which names it by hash. The next header is the one a transaction's result is proven
 * by: verifying it instead, the prover finds every header it needs already verified.
 */
export type VouchBy = 'own signatures' | 'next header';

export interface FollowerOptions {
  /** Blocks fetched ahead in parallel while catching up (bounded concurrency). */
  batch: number;
  /** Where a new archive begins (default: the node's earliest block). */
  from?: ArchiveFrom;
  /** The node's CometBFT RPC address, for its `/genesis` when the archive begins there. */
  rpcUrl?: string;
  /**
   * Behind by more than this many blocks, history is read through the node's index, block by
   * block only where something happened (default 1,000).
   */
  sparseAbove?: bigint;
  pollMs: number;
  /** Fill the archive's gaps in the background from the node, where it keeps their heights (default true). */
  fillGaps?: boolean;
  /** How often gaps the node could not fill are looked at again (default a minute). */
  fillRecheckMs?: number;
  /** Why the node's index must not be used from the start (a gap fill of an archive that caught it leaving heights out). */
  distrustIndex?: string;
  /** Heights the index did not name read per stretch to check it (default 24; see index-check.ts). */
  indexSample?: number;
  /** The highest height to read (a gap fill stops at the archive's cursor); none: the node's tip. */
  until?: () => bigint | null;
  /**
   * Before a batch is merged, its last block's header is verified against the trust root (the
   * archive's light client); throws a chain break when it does not verify. None: not checked.
   * Answers the hash the verified headers give block `height` (null: the node offers no proofs),
   * which the block read must have. `by`: see VouchBy.
   */
  vouchFor?: (height: bigint, by?: VouchBy) => Promise<string | null>;
  /**
   * What the archive's light client trusts: the genesis validators (default), a header named by
   * height and hash (--trust), or null for no proofs at all.
   */
  trust?: { kind: 'genesis' } | { kind: 'header'; height: bigint; hash: string } | null;
  /**
   * The light client's clock (nanoseconds since the epoch; the wall clock unless a test fixes it)
   * and its trusting period where the node does not say its unbonding time.
   */
  proofClock?: { now(): bigint; fallbackTrustingPeriodSeconds?: bigint };
  /**
   * Other nodes of the chain (CometBFT RPC URLs) asked for every header the archive relies on: one
   * naming another header stops merging; on a node that keeps no first block, they agree on a root.
   */
  witnesses?: readonly { name: string; url: string }[];
  /**
   * The archive's name in its log lines (`archive local: …`, `archive hub: …`): a server keeps
   * several archives and logs them to one console. None: `archive: …`.
   */
  name?: string;
  log: (line: string) => void;
}

/** A gap fill under way: the history rebuilt beside the archive, and how far it got. */
export interface FillProgress {
  /** `merging`: the archive waits while the fill reads its last blocks and the archive takes its rows. */
  phase: 'reading' | 'merging';
  fromHeight: bigint;
  /** The archive's cursor, which the fill must reach. */
  toHeight: bigint;
  /** The fill's last committed height. */
  doneHeight: bigint | null;
  blocksPerSecond: number;
}

export interface FollowerState {
  /** `standby`: another process writes this archive; this one serves it and takes over if that one dies. */
  phase:
    | 'starting'
    | 'standby'
    | 'bootstrapping'
    | 'backfilling'
    | 'catching up'
    | 'following'
    | 'retrying'
    | 'stopped'
    | 'refused';
  /** While backfilling: the heights being filled, from where this run of it began to the node's tip. */
  backfill: { fromHeight: bigint; toHeight: bigint } | null;
  /**
   * What stops the archive: why it refuses to go on (another chain, a start the node cannot give),
   * or, while `retrying`, the failure it waits out (a node not answering, a forged or broken block).
   */
  problem: string | null;
  /** Why the node's index is not used (none kept, or it left out heights with activity): every block is read. */
  indexUnused: string | null;
  /** The last error talking to the node (it retries with backoff). */
  lastError: string | null;
  nodeLatestHeight: bigint | null;
  /** When the node last told its height (ms): the lag is as of then, not a guess beyond it. */
  nodeHeardAt: number | null;
  /** The last height committed to the archive. */
  archivedHeight: bigint | null;
  blocksPerSecond: number;
  /** A fill of the archive's gaps, while one runs. */
  fill: FillProgress | null;
  /** Why the archive's gaps are not being filled, when the node cannot give their heights. */
  fillProblem: string | null;
}

export const startingState = (): FollowerState => ({
  phase: 'starting',
  backfill: null,
  problem: null,
  indexUnused: null,
  lastError: null,
  nodeLatestHeight: null,
  nodeHeardAt: null,
  archivedHeight: null,
  blocksPerSecond: 0,
  fill: null,
  fillProblem: null,
});
