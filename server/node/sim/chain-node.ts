import { partsHash, type PriorBlock } from '../chain/block-header.ts';
import { hexUpper, type BlockRecord } from '../chain/block.ts';
import { ChainError } from '../chain/chain-error.ts';
import type { CommittedState, StateSource } from '../chain/committed-state.ts';
import { GovKeeper } from '../chain/gov/keeper.ts';
import { syncSequences } from '../chain/group/group-tree.ts';
import { GroupKeeper } from '../chain/group/keeper.ts';
import type { Millis } from '../chain/records.ts';
import type { ChainMsg } from '../chain/tx/chain-msgs.ts';
import { routeMsg, routeProposalMsg } from '../chain/tx/msg-router.ts';
import { UpgradeKeeper } from '../chain/upgrade/keeper.ts';
import { syncUpgradeTree, upgradeStoreEntries } from '../chain/upgrade/upgrade-tree.ts';
import { makeCommit } from '../consensus/commit.ts';
import { EMPTY_LIST_HASH } from '../consensus/results-hash.ts';
import type { BlockSource } from '../queries/block-source.ts';
import { IavlStore } from '../store/iavl-store.ts';
import { appHashOf, type StoreRoots } from '../store/multistore.ts';
import { Accounts } from './accounts.ts';
import { BlockBuilder } from './block-builder.ts';
import { BlockStore } from './block-store.ts';
import { decodeBlockWindow, encodeBlockWindow } from './block-window.ts';
import type { DurableWriter } from './durable-writer.ts';
import { genesisGovState } from './genesis-stake.ts';
import { buildGenesis } from './genesis.ts';
import { liveStep } from './live.ts';
import { ChainDataError, ChainFiles, type OpenedChain, type Snapshot } from './persistence.ts';
import { SignerSequences } from './signer-sequences.ts';
import type { Cast, ChainParams, SimChain } from './sim-chain.ts';
import { releaseHandlers } from './upgrades.ts';

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
const chainIdOf = (seed: string) =>
  `polity-${seed
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 32)}`;

/** A snapshot every this many live blocks (and at a clean stop) keeps restarts short. */
const SNAPSHOT_EVERY = 5000n;

/** How a node came back: from which snapshot height (null: from genesis) and how many blocks it replayed. */
export interface Restoration {
  snapshotHeight: bigint | null;
  replayedBlocks: number;
}

/**
 * The simulated chain: keepers, block production and durability. State is rebuilt from the
 * chain's params plus the log of live block times, so a restart resumes at the same height with
 * the same ids. A block is logged (and synced) before it is made, so no height is ever served
 * that a restart could make differently.
 */
export class ChainNode implements SimChain, StateSource, BlockSource {
  readonly accounts: Accounts;
  readonly group: GroupKeeper;
  readonly upgrade = new UpgradeKeeper();
  /** Passed proposals run their messages through the same router as transactions. */
  readonly gov = new GovKeeper({
    execute: (msg, at) => routeProposalMsg(msg, this.upgrade, at),
    checkpoint: () => this.upgrade.checkpoint(),
  });
  readonly params: ChainParams;
  height = 0n;
  time: Millis = 0;
  prevTime: Millis = 0;
  cast!: Cast;
  restoration: Restoration = { snapshotHeight: null, replayedBlocks: 0 };
  /** How long building the stores' trees and hashing them took at start (for the benchmarks). */
  treeStartMs = 0;
  readonly chainId: string;
  readonly blocks: BlockStore;
  private readonly files?: ChainFiles;
  private readonly keepRecent: number;
  private readonly states = new Map<bigint, CommittedState>();
  /** Transactions a test put in the next block, ahead of the simulated users' own. */
  private readonly injected: ChainMsg[] = [];
  /** The block being built, while a live block runs (genesis history records none). */
  private builder: BlockBuilder | null = null;
  /** Hash of the block a snapshot was taken at: the next block links to it (none kept yet). */
  private restoredTipHash = '';
  private readonly sequences = new SignerSequences();
  /** What the next signed block's header takes from the block before it (set once the state is built). */
  private prior: PriorBlock | null = null;
  /** The stores the app hash commits to, as IAVL trees (signed chains only). */
  private readonly groupTree = new IavlStore('group', () => Number(this.height));
  private readonly upgradeTree = new IavlStore('upgrade', () => Number(this.height));
  private upgradeSynced: object | null = null;
  /** Each kept height's store trees, for proofs (beside `states`). */
  private readonly storeRoots = new Map<bigint, StoreRoots>();

  private readonly liveEvery: bigint;

  private constructor(params: ChainParams, options: NodeOptions, files?: ChainFiles) {
    this.params = params;
    this.files = files;
    this.keepRecent = options.keepRecent ?? DEFAULT_KEEP_RECENT;
    this.liveEvery = BigInt(options.liveEvery ?? 1);
    if (this.liveEvery !== 1n && options.dataDir) throw new Error('liveEvery is for chains without a data dir');
    this.chainId = chainIdOf(params.seed);
    this.blocks = new BlockStore(options.keepBlocks ?? DEFAULT_KEEP_BLOCKS);
    this.accounts = new Accounts(params.seed);
    this.group = new GroupKeeper(this.accounts.book);
    this.upgrade.handlers = releaseHandlers(params.seed);
  }

  static open(options: NodeOptions): ChainNode {
    const fresh: ChainParams = {
      seed: options.seed,
      genesisTime: options.genesisTime,
      scenario: options.scenario,
      livePeriodS: options.livePeriodS,
      blockHashes: 'signed',
      signerSequences: true,
    };
    const opened: OpenedChain | null = options.dataDir
      ? ChainFiles.open(options.dataDir, fresh, { reset: options.reset, writer: options.writer })
      : null;
    const node = new ChainNode(opened?.params ?? fresh, options, opened?.files);
    const snapshot = node.snapshotsEnabled ? (opened?.snapshot ?? null) : null;
    if (snapshot) {
      node.restore(snapshot);
      node.restoreBlockWindow(snapshot);
    } else node.cast = buildGenesis(node);
    const treesStart = performance.now();
    if (node.params.blockHashes === 'signed') node.startTrees(snapshot);
    node.prior = node.priorAtStart(snapshot);
    node.treeStartMs = performance.now() - treesStart;
    node.commit();
    let replayed = 0;
    for (const { height, time } of opened?.blocks ?? []) {
      if (snapshot && height <= node.height) continue; // the snapshot already holds it
      if (height !== node.height + 1n) {
        throw new ChainDataError(
          `${options.dataDir}/blocks.log has block ${height} where block ${node.height + 1n} belongs: ` +
            `it was not written by this chain. Restore it from a backup, or start with --reset.`,
        );
      }
      node.runBlock(height, time);
      replayed++;
    }
    node.restoration = { snapshotHeight: snapshot ? snapshot.height : null, replayedBlocks: replayed };
    return node;
  }

  /** True while the data dir cannot be written: no block is made until it can. */
  get durabilityStalled(): boolean {
    return this.files?.stalled ?? false;
  }

  private get snapshotsEnabled(): boolean {
    return this.files !== undefined && this.params.scenario === 'demo';
  }

  get latestHeight(): bigint {
    return this.height;
  }

  /** The state of a kept height: the last `keepRecent` committed ones (or only the live one). */
  stateAt(height: bigint): CommittedState | undefined {
    if (this.keepRecent === 0) {
      return height === this.height
        ? { height, group: this.group.store, upgrade: this.upgrade, gov: this.gov.store }
        : undefined;
    }
    return this.states.get(height);
  }

  /** Freezes the state the block just made, and forgets the one that left the window. */
  private commit(): void {
    if (this.keepRecent === 0) return;
    this.states.set(this.height, {
      height: this.height,
      group: this.group.store.freeze(),
      upgrade: this.upgrade.freeze(),
      gov: this.gov.store.freeze(),
    });
    this.states.delete(this.height - BigInt(this.keepRecent));
    if (this.params.blockHashes === 'signed') {
      this.storeRoots.set(this.height, this.currentRoots());
      this.storeRoots.delete(this.height - BigInt(this.keepRecent));
    }
  }

  /** The earliest height a pinned read can ask for. */
  get earliestStateHeight(): bigint {
    if (this.keepRecent === 0) return this.height;
    let earliest = this.height;
    for (const height of this.states.keys()) if (height < earliest) earliest = height;
    return earliest;
  }

  /** Builds the stores' trees from the state as it is (genesis or a snapshot), then follows every write. */
  private startTrees(snapshot: Snapshot | null): void {
    const version = Number(this.height);
    this.group.store.startTree(this.groupTree, snapshot?.treeVersions?.group, version);
    const upgradeRuns = snapshot?.treeVersions?.upgrade;
    this.upgradeTree.start(upgradeStoreEntries(this.upgrade), upgradeRuns, version);
    this.upgradeSynced = this.upgrade.revision;
  }

  /** The stores' trees as they are now, brought up to date with what is written at the block's end. */
  private currentRoots(): StoreRoots {
    syncSequences(this.groupTree, this.group.store.sequences);
    if (this.upgradeSynced !== this.upgrade.revision) {
      syncUpgradeTree(this.upgradeTree, this.upgrade, Number(this.height));
      this.upgradeSynced = this.upgrade.revision;
    }
    return new Map([
      ['group', this.groupTree.snapshot()],
      ['upgrade', this.upgradeTree.snapshot()],
    ]);
  }

  /** The root of the chain's state as it is now: what the next header's app_hash commits to. */
  stateRoot(): string {
    return hexUpper(appHashOf(this.currentRoots()));
  }

  /** The stores' trees of a kept height (signed chains only), for proofs. */
  storesAt(height: bigint): StoreRoots | undefined {
    if (this.params.blockHashes !== 'signed') return undefined;
    if (this.keepRecent === 0) return height === this.height ? this.currentRoots() : undefined;
    return this.storeRoots.get(height);
  }

  /** The block the first block made now follows: none (genesis), or a snapshot's tip. */
  private priorAtStart(snapshot: Snapshot | null): PriorBlock {
    const tipHash = snapshot?.blockHash ?? '';
    if (!snapshot || tipHash === '') return { appHash: this.stateRoot(), resultsHash: EMPTY_LIST_HASH, commit: null };
    const blockId = { hash: tipHash, partsTotal: 1, partsHash: partsHash(tipHash) };
    return {
      appHash: this.stateRoot(),
      resultsHash: snapshot.resultsHash ?? EMPTY_LIST_HASH,
      commit: makeCommit(this.params.seed, this.chainId, snapshot.height, blockId, snapshot.time),
    };
  }

  private get tipHash(): string {
    return this.blocks.latest?.hash ?? this.restoredTipHash;
  }

  private restore(snapshot: Snapshot): void {
    this.restoredTipHash = snapshot.blockHash ?? '';
    for (const [address, key] of snapshot.book) this.accounts.book.set(address, key);
    this.group.importState(snapshot.group);
    this.upgrade.importState(snapshot.upgrade);
    // A snapshot from before x/gov existed: gov starts as its genesis would have it, with no proposals.
    this.gov.importState(snapshot.gov ?? genesisGovState(this.accounts));
    this.sequences.importState(snapshot.sequences ?? []);
    this.cast = snapshot.cast;
    this.height = snapshot.height;
    this.time = snapshot.time;
    this.prevTime = snapshot.prevTime;
  }

  /** The blocks kept when the snapshot was written, back in the block store (they are not replayed). */
  private restoreBlockWindow(snapshot: Snapshot): void {
    const text = this.files?.readBlockWindow();
    if (!text || !snapshot.blockHash) return;
    const blocks = decodeBlockWindow(text, snapshot.height, snapshot.blockHash);
    if (!blocks) {
      console.warn("blocks-window.json does not end at the snapshot's block: the blocks below it are not served");
      return;
    }
    for (const block of blocks) this.blocks.add(block);
  }

  /** Every block the store keeps, oldest first. */
  private keptBlocks(): BlockRecord[] {
    const out: BlockRecord[] = [];
    const base = this.blocks.base;
    const latest = this.blocks.latest;
    if (base === null || latest === null) return out;
    for (let height = base; height <= latest.height; height++) {
      const block = this.blocks.get(height);
      if (block) out.push(block);
    }
    return out;
  }

  /** Writes a snapshot of the current height; false when that failed (already reported). */
  writeSnapshot(): boolean {
    if (!this.snapshotsEnabled || !this.files) return true;
    if (this.blocks.latest?.height === this.height) this.files.writeBlockWindow(encodeBlockWindow(this.keptBlocks()));
    return this.files.writeSnapshot({
      params: this.params,
      height: this.height,
      time: this.time,
      prevTime: this.prevTime,
      cast: this.cast,
      book: [...this.accounts.book.entries()],
      group: this.group.exportState(),
      upgrade: this.upgrade.exportState(),
      gov: this.gov.exportState(),
      blockHash: this.tipHash,
      sequences: this.sequences.exportState(),
      ...(this.prior ? { resultsHash: this.prior.resultsHash } : {}),
      ...(this.groupTree.live
        ? { treeVersions: { group: this.groupTree.versionRuns(), upgrade: this.upgradeTree.versionRuns() } }
        : {}),
    });
  }

  block(height: bigint, time: Millis, txs: () => void): void {
    this.height = height;
    this.prevTime = this.time;
    this.time = time;
    this.upgrade.applyIfDue(height);
    txs();
    // simapp's EndBlockers run gov before group.
    const endBlock = () => {
      this.gov.endBlock(height, time);
      this.group.endBlock(time);
    };
    if (this.builder) this.builder.endBlock(endBlock);
    else endBlock();
  }

  deliver(msg: ChainMsg): void {
    if (this.builder) return this.builder.deliver(msg);
    // Genesis history: the message runs, but no block records it (the chain's recorded history
    // starts with its first live block, as for a chain started from an exported state).
    try {
      routeMsg(msg, this);
    } catch (error) {
      if (!(error instanceof ChainError)) throw error;
    }
  }

  /**
   * Test seam: a transaction for the next block. Only for chains without a data dir: injected
   * transactions are not in the block log, so a replay would not see them.
   */
  inject(msg: ChainMsg): void {
    if (this.files) throw new Error('transactions can only be injected into a chain without a data dir');
    this.injected.push(msg);
  }

  /** A live block: its transactions are recorded, its state committed for pinned reads. */
  private runBlock(height: bigint, time: Millis): void {
    this.builder = new BlockBuilder(
      this,
      this.chainId,
      this.params.blockHashes ?? 'polity-1',
      this.params.signerSequences ? (signer) => this.sequences.take(signer) : null,
    );
    try {
      this.block(height, time, () => {
        for (const msg of this.injected.splice(0)) this.deliver(msg);
        if (height % this.liveEvery === 0n) liveStep(this);
      });
      const signing =
        this.prior === null
          ? undefined
          : { seed: this.params.seed, prior: this.prior, stateRoot: () => this.stateRoot() };
      const made = this.builder.finish(height, time, this.tipHash, signing);
      this.blocks.add(made);
      if (made.signed) {
        this.prior = {
          appHash: made.signed.stateHash,
          resultsHash: made.signed.resultsHash,
          commit: made.signed.commit,
        };
      }
    } finally {
      this.builder = null;
    }
    this.commit();
  }

  /**
   * Produces the next live block at `time` (clamped so block times strictly increase); false
   * when its log line could not be written, and then there is no block: a block the log does
   * not hold would be made again differently after a restart.
   */
  produceBlock(time: Millis): boolean {
    const blockTime = Math.max(time, this.time + 1);
    const height = this.height + 1n;
    if (this.files && !this.files.appendBlock(height, blockTime)) return false;
    this.runBlock(height, blockTime);
    if (height % SNAPSHOT_EVERY === 0n || this.files?.snapshotDue) this.writeSnapshot();
    return true;
  }

  /** Test helper: n blocks, `stepMs` apart. */
  advance(count: number, stepMs: number): void {
    for (let i = 0; i < count; i++) this.produceBlock(this.time + stepMs);
  }
}
