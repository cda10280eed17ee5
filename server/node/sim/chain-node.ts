import type { PriorBlock } from '../chain/block-header.ts';
import { hexUpper } from '../chain/block.ts';
import { ChainError } from '../chain/chain-error.ts';
import type { CommittedState, StateSource } from '../chain/committed-state.ts';
import { GovKeeper } from '../chain/gov/keeper.ts';
import { GroupKeeper } from '../chain/group/keeper.ts';
import type { Millis } from '../chain/records.ts';
import type { ChainMsg } from '../chain/tx/chain-msgs.ts';
import { routeMsg, routeProposalMsg } from '../chain/tx/msg-router.ts';
import { UpgradeKeeper } from '../chain/upgrade/keeper.ts';
import type { BlockSource } from '../queries/block-source.ts';
import { appHashOf, type StoreRoots } from '../store/multistore.ts';
import { Accounts } from './activity/accounts.ts';
import { buildGenesis } from './activity/genesis.ts';
import { liveStep } from './activity/live.ts';
import { SignerSequences } from './activity/signer-sequences.ts';
import { releaseHandlers } from './activity/upgrades.ts';
import { BlockBuilder } from './block-builder.ts';
import { BlockStore } from './files/block-store.ts';
import { encodeBlockWindow } from './files/block-window.ts';
import { KeptStates, loadSnapshot, restorePointOf, snapshotOf, type RestorePoint } from './files/kept-states.ts';
import { ChainDataError, ChainFiles, type OpenedChain, type Snapshot } from './files/persistence.ts';
import { priorAtStart, windowBelow } from './files/snapshot-start.ts';
import {
  chainIdOf,
  DEFAULT_KEEP_BLOCKS,
  DEFAULT_KEEP_RECENT,
  filesOptions,
  freshParams,
  SNAPSHOT_EVERY,
  type NodeOptions,
  type Restoration,
} from './node-options.ts';
import { validatorSeedOf, type Cast, type ChainParams, type SimChain } from './sim-chain.ts';
import { StateTrees } from './state-trees.ts';

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
  readonly chainId: string;
  readonly blocks: BlockStore;
  private readonly files?: ChainFiles;
  private readonly keepRecent: number;
  private readonly kept: KeptStates;
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
  readonly trees: StateTrees;

  private readonly liveEvery: bigint;

  private constructor(params: ChainParams, options: NodeOptions, files?: ChainFiles) {
    this.params = params;
    this.files = files;
    this.keepRecent = options.keepRecent ?? DEFAULT_KEEP_RECENT;
    this.kept = new KeptStates(this.keepRecent);
    this.liveEvery = BigInt(options.liveEvery ?? 1);
    if ((this.liveEvery !== 1n || params.validatorsSeed !== undefined) && options.dataDir)
      throw new Error('liveEvery and validatorsSeed are for chains without a data dir');
    this.chainId = chainIdOf(params.seed);
    this.blocks = new BlockStore(options.keepBlocks ?? DEFAULT_KEEP_BLOCKS);
    this.accounts = new Accounts(params.accountsSeed ?? params.seed);
    this.group = new GroupKeeper(this.accounts.book);
    this.upgrade.handlers = releaseHandlers(params.seed, params.dropGroupAt);
    this.trees = new StateTrees(this, () => Number(this.height));
  }

  static open(options: NodeOptions): ChainNode {
    const fresh = freshParams(options);
    const opened: OpenedChain | null = options.dataDir
      ? ChainFiles.open(options.dataDir, fresh, filesOptions(options))
      : null;
    const node = new ChainNode(opened?.params ?? fresh, options, opened?.files);
    const snapshot = node.snapshotsEnabled ? (opened?.snapshot ?? null) : null;
    if (node.params.blockHashes === 'signed') node.trees.prepare(node.params.scenario);
    if (snapshot) {
      node.restore(snapshot);
      for (const block of windowBelow(snapshot, opened?.files.readBlockWindow() ?? null)) node.blocks.add(block);
    } else node.cast = buildGenesis(node);
    if (node.params.blockHashes === 'signed') node.trees.start(snapshot?.treeVersions);
    node.prior = priorAtStart(node, snapshot, node.stateRoot());
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
    if (this.keepRecent === 0) return height === this.height ? this.liveState() : undefined;
    return this.kept.get(height);
  }

  private liveState(): CommittedState {
    return { height: this.height, group: this.group.store, upgrade: this.upgrade, gov: this.gov.store };
  }

  /** Freezes the state the block just made, and forgets the one that left the window. */
  private commit(): void {
    if (this.keepRecent === 0) return;
    const frozen = {
      height: this.height,
      group: this.group.store.freeze(),
      upgrade: this.upgrade.freeze(),
      gov: this.gov.store.freeze(),
    };
    this.kept.keep(frozen, this.snapshotsEnabled ? this.restorePoint() : null);
    if (this.trees.started) this.trees.keep(this.height, this.height - BigInt(this.keepRecent));
  }

  /** What a snapshot of the state as it is now needs beside its tables. */
  private restorePoint(): RestorePoint {
    return restorePointOf(this, this.tipHash, this.prior?.resultsHash, this.sequences);
  }

  /** The earliest height a pinned read can ask for. */
  get earliestStateHeight(): bigint {
    if (this.keepRecent === 0) return this.height;
    return this.kept.earliest ?? this.height;
  }

  /** The root of the chain's state as it is now: what the next header's app_hash commits to. */
  stateRoot(): string {
    return hexUpper(appHashOf(this.trees.current()));
  }

  /** The stores' trees of a kept height (signed chains only), for proofs. */
  storesAt(height: bigint): StoreRoots | undefined {
    if (this.params.blockHashes !== 'signed') return undefined;
    if (this.keepRecent === 0) return height === this.height ? this.trees.current() : undefined;
    return this.trees.at(height);
  }

  private get tipHash(): string {
    return this.blocks.latest?.hash ?? this.restoredTipHash;
  }

  private restore(snapshot: Snapshot): void {
    this.restoredTipHash = snapshot.blockHash ?? '';
    loadSnapshot(this, snapshot, this.sequences);
    this.cast = snapshot.cast;
    this.height = snapshot.height;
    this.time = snapshot.time;
    this.prevTime = snapshot.prevTime;
  }

  /**
   * Writes a snapshot of the earliest kept state (a restart replays the blocks after it, making
   * every kept state again), and the blocks kept below it; false when that failed (already
   * reported). A chain whose earliest kept state is the one it started from needs none.
   */
  writeSnapshot(): boolean {
    if (!this.snapshotsEnabled || !this.files) return true;
    const kept = this.keepRecent === 0 ? undefined : this.kept.restorable(this.earliestStateHeight);
    const { state, point } = kept ?? { state: this.liveState(), point: this.restorePoint() };
    if (point.blockHash === '') return true;
    if (this.blocks.latest?.height === this.height) {
      this.files.writeBlockWindow(encodeBlockWindow(this.blocks.upTo(state.height)));
    }
    const chain = { params: this.params, cast: this.cast, book: this.accounts.book };
    return this.files.writeSnapshot(
      snapshotOf(chain, state, point, this.trees.versionRuns(kept ? state.height : undefined)),
    );
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
      if (this.upgrade.storeDeletedAt('group') === undefined) this.group.endBlock(time);
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
          : { seed: validatorSeedOf(this.params), prior: this.prior, stateRoot: () => this.stateRoot() };
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
