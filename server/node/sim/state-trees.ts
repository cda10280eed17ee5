import { bankStoreEntries, syncBankTree } from '../chain/bank-tree.ts';
import { syncSequences } from '../chain/group/group-tree.ts';
import type { GroupKeeper } from '../chain/group/keeper.ts';
import type { UpgradeKeeper } from '../chain/upgrade/keeper.ts';
import { syncUpgradeTree, upgradeStoreEntries } from '../chain/upgrade/upgrade-tree.ts';
import { IavlStore, versionRunsOf, type LoadEntry } from '../store/iavl-store.ts';
import type { StoreRoots } from '../store/multistore.ts';
import { dropPreparedBuild, prepareTreeBuild, type PackedTreeBuilder } from '../store/packed-tree-build.ts';
import type { Snapshot } from './files/snapshot-file.ts';
import { largeStoreEntries } from './scenarios/large-scenario.ts';
import type { Scenario } from './sim-chain.ts';

type TreeVersions = NonNullable<Snapshot['treeVersions']>;

/** Entries given the versions a snapshot kept of them, in key order; those it kept none of keep theirs. */
function withVersions(entries: LoadEntry[], runs: readonly [number, number][] | undefined): LoadEntry[] {
  const versions = (runs ?? []).flatMap(([version, length]) => Array<number>(length).fill(version));
  if (versions.length !== entries.length) return entries;
  return entries.map((entry, index) => ({ ...entry, version: versions[index] }));
}

/**
 * The stores the app hash commits to, as IAVL trees (signed chains only): x/group's written
 * through from its tables, x/upgrade's rebuilt when its small state changed, and the roots of
 * each kept height, which share every node that did not change.
 */
export class StateTrees {
  private readonly group: IavlStore;
  private readonly upgrade: IavlStore;
  /** x/bank's balances: the policies' funds, which their proposals spend. */
  private readonly bank: IavlStore;
  private readonly bankSynced = new Map<string, bigint>();
  private upgradeSynced: object | null = null;
  private readonly kept = new Map<bigint, StoreRoots>();
  /** How long building the trees and hashing them took at start, wall clock and CPU (for the benchmarks). */
  startMs = 0;
  startCpuMs = 0;

  constructor(
    private readonly keepers: { group: GroupKeeper; upgrade: UpgradeKeeper },
    /** The version new writes get: the height of the block being made. */
    private readonly height: () => number,
  ) {
    this.group = new IavlStore('group', height);
    this.upgrade = new IavlStore('upgrade', height);
    this.bank = new IavlStore('bank', height);
  }

  /** Sets the large state's tree memory and threads aside while the heap is still small (prepareTreeBuild). */
  prepare(scenario: Scenario): void {
    if (scenario === 'large') prepareTreeBuild(largeStoreEntries());
  }

  get started(): boolean {
    return this.group.live;
  }

  /** Builds the trees from the state as it is (genesis or a snapshot's), then follows every write. */
  start(versions: TreeVersions | undefined): void {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const version = this.height();
    // A deleted group store is no longer committed: a snapshot of it keeps no versions to restore.
    const groupDeleted = this.keepers.upgrade.storeDeletedAt('group') !== undefined;
    this.keepers.group.store.startTree(this.group, groupDeleted ? undefined : versions?.group, version);
    const upgradeEntries = upgradeStoreEntries(this.keepers.upgrade);
    const loadUpgrade = (into: PackedTreeBuilder) => {
      for (const entry of upgradeEntries) into.addRun('', [entry.key], [entry.record], entry.encode);
    };
    this.upgrade.start(loadUpgrade, versions?.upgrade, version);
    // A snapshot from before the bank store was committed keeps no versions of it: its balances start at this height.
    const balances = this.keepers.group.store.balances;
    this.bank.startFrom(withVersions(bankStoreEntries(balances, version), versions?.bank));
    for (const [address, amount] of balances) this.bankSynced.set(address, amount);
    // Both trees are built: a prepared build that fitted neither is not kept waiting.
    dropPreparedBuild();
    this.upgradeSynced = this.keepers.upgrade.revision;
    this.startMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    this.startCpuMs = (used.user + used.system) / 1000;
  }

  /** The trees as they are now, brought up to date with what is written at a block's end. */
  current(): StoreRoots {
    if (this.upgradeSynced !== this.keepers.upgrade.revision) {
      syncUpgradeTree(this.upgrade, this.keepers.upgrade, this.height());
      this.upgradeSynced = this.keepers.upgrade.revision;
    }
    const upgrade = this.upgrade.snapshot();
    // An upgrade that deleted the group store took it out of the multistore: the app hash no
    // longer commits to it, and a query of it is one of an unknown store.
    syncBankTree(this.bank, this.keepers.group.store.balances, this.bankSynced);
    const bank = this.bank.snapshot();
    if (this.keepers.upgrade.storeDeletedAt('group') !== undefined)
      return new Map([
        ['bank', bank],
        ['upgrade', upgrade],
      ]);
    syncSequences(this.group, this.keepers.group.store.sequences);
    return new Map([
      ['bank', bank],
      ['group', this.group.snapshot()],
      ['upgrade', upgrade],
    ]);
  }

  /** Keeps the roots of `height`, and forgets those of `forgotten`. */
  keep(height: bigint, forgotten: bigint): void {
    this.kept.set(height, this.current());
    this.kept.delete(forgotten);
  }

  /** The roots of a kept height. */
  at(height: bigint): StoreRoots | undefined {
    return this.kept.get(height);
  }

  /** Each leaf's version at a kept height (now, when none is given): what a snapshot keeps of the trees. */
  versionRuns(height?: bigint): TreeVersions | undefined {
    const roots = height === undefined ? this.current() : this.kept.get(height);
    if (!roots) return undefined;
    return {
      group: versionRunsOf(roots.get('group') ?? null),
      upgrade: versionRunsOf(roots.get('upgrade') ?? null),
      bank: versionRunsOf(roots.get('bank') ?? null),
    };
  }
}
