import { GroupKeeper } from '../chain/group/keeper.ts';
import type { Millis } from '../chain/records.ts';
import { UpgradeKeeper } from '../chain/upgrade/keeper.ts';
import type { CommittedState, StateSource } from '../queries/query-service.ts';
import { Accounts } from './accounts.ts';
import { buildGenesis } from './genesis.ts';
import { liveStep } from './live.ts';
import { ChainFiles, type Snapshot } from './persistence.ts';
import type { Cast, ChainParams, SimChain } from './sim-chain.ts';

export interface NodeOptions extends ChainParams {
  dataDir?: string;
}

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
 * the same ids, and a hard kill loses at most the block being written.
 */
export class ChainNode implements SimChain, StateSource {
  readonly accounts: Accounts;
  readonly group: GroupKeeper;
  readonly upgrade = new UpgradeKeeper();
  readonly params: ChainParams;
  height = 0n;
  time: Millis = 0;
  prevTime: Millis = 0;
  cast!: Cast;
  restoration: Restoration = { snapshotHeight: null, replayedBlocks: 0 };
  private readonly files?: ChainFiles;
  private durabilityLost = false;

  private constructor(params: ChainParams, files?: ChainFiles) {
    this.params = params;
    // The large scenario rebuilds faster than it would load from JSON, so it takes no snapshots.
    this.files = files;
    this.accounts = new Accounts(params.seed);
    this.group = new GroupKeeper(this.accounts.book);
  }

  static open(options: NodeOptions): ChainNode {
    const fresh: ChainParams = {
      seed: options.seed,
      genesisTime: options.genesisTime,
      scenario: options.scenario,
      livePeriodS: options.livePeriodS,
    };
    const files = options.dataDir ? new ChainFiles(options.dataDir) : undefined;
    const opened = files?.openParams(fresh);
    const params = opened?.params ?? fresh;
    const blocks = files && !opened?.isNew ? files.readBlockLog() : [];
    const node = new ChainNode(params, files);
    const snapshot = node.snapshotsEnabled ? files?.readSnapshot(params) : null;
    if (snapshot) node.restore(snapshot);
    else node.cast = buildGenesis(node);
    let replayed = 0;
    for (const [height, time] of blocks) {
      if (height <= node.height) continue;
      node.runBlock(height, time);
      replayed++;
    }
    node.restoration = { snapshotHeight: snapshot ? snapshot.height : null, replayedBlocks: replayed };
    return node;
  }

  private get snapshotsEnabled(): boolean {
    return this.files !== undefined && this.params.scenario === 'demo';
  }

  get latestHeight(): bigint {
    return this.height;
  }

  /** Only the latest state is kept, as on a node with pruning "everything". */
  stateAt(height: bigint): CommittedState | undefined {
    if (height !== this.height) return undefined;
    return { height: this.height, group: this.group.store, upgrade: this.upgrade };
  }

  private restore(snapshot: Snapshot): void {
    for (const [address, key] of snapshot.book) this.accounts.book.set(address, key);
    this.group.importState(snapshot.group);
    this.upgrade.importState(snapshot.upgrade);
    this.cast = snapshot.cast;
    this.height = snapshot.height;
    this.time = snapshot.time;
    this.prevTime = snapshot.prevTime;
  }

  writeSnapshot(): void {
    if (!this.snapshotsEnabled) return;
    this.files?.writeSnapshot({
      params: this.params,
      height: this.height,
      time: this.time,
      prevTime: this.prevTime,
      cast: this.cast,
      book: [...this.accounts.book.entries()],
      group: this.group.exportState(),
      upgrade: this.upgrade.exportState(),
    });
  }

  block(height: bigint, time: Millis, txs: () => void): void {
    this.height = height;
    this.prevTime = this.time;
    this.time = time;
    this.upgrade.applyIfDue(height);
    txs();
    this.group.endBlock(time);
  }

  private runBlock(height: bigint, time: Millis): void {
    this.block(height, time, () => liveStep(this));
  }

  /** Produces the next live block at `time` (clamped so block times strictly increase). */
  produceBlock(time: Millis): void {
    const blockTime = Math.max(time, this.time + 1);
    const height = this.height + 1n;
    this.runBlock(height, blockTime);
    try {
      this.files?.appendBlock(height, blockTime);
      if (height % SNAPSHOT_EVERY === 0n) this.writeSnapshot();
    } catch (error) {
      // Keep serving; only durability is lost, and the operator hears about it once.
      if (!this.durabilityLost) {
        const reason = error instanceof Error ? error.message : String(error);
        console.error(`cannot write the chain's data (${reason}); blocks from ${height} on will not survive a restart`);
      }
      this.durabilityLost = true;
    }
  }

  /** Test helper: n blocks, `stepMs` apart. */
  advance(count: number, stepMs: number): void {
    for (let i = 0; i < count; i++) this.produceBlock(this.time + stepMs);
  }
}
