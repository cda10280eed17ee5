import { ChainError } from '../chain-error.ts';
import type { Millis } from '../records.ts';

export interface Plan {
  readonly name: string;
  readonly height: bigint;
  readonly info: string;
}

/** What a scheduled upgrade does to the module version map when it is applied. */
export interface UpgradeEffect {
  readonly plan: Plan;
  readonly versions: Readonly<Record<string, number>>;
  /**
   * Stores the upgrade removes from the multistore (StoreUpgrades.Deleted): their modules leave
   * the version map, and the chain has no such module from the plan's height on.
   */
  readonly deletedStores?: readonly string[];
}

export interface UpgradeState {
  versions: [string, bigint][];
  done: { name: string; height: bigint }[];
  pending: UpgradeEffect | null;
  consensusStates: [bigint, string][];
  /** Absent in snapshots of chains that never deleted a store. */
  deletedStores?: [string, bigint][];
}

interface UpgradeData {
  readonly versions: ReadonlyMap<string, bigint>;
  /** Applied plans in store-key order: height big-endian, then name. */
  readonly done: readonly { readonly name: string; readonly height: bigint }[];
  readonly pending: UpgradeEffect | null;
  /** upgradedIBCState/{height}/upgradedConsState */
  readonly consensusStates: ReadonlyMap<bigint, Buffer>;
  /** Stores an applied upgrade deleted, by name: the height from which the chain has none. */
  readonly deletedStores: ReadonlyMap<string, bigint>;
}

/** x/upgrade's state at one block, read-only. */
export class UpgradeView {
  constructor(protected data: UpgradeData) {}

  get pending(): UpgradeEffect | null {
    return this.data.pending;
  }

  get done(): UpgradeData['done'] {
    return this.data.done;
  }

  version(module: string): bigint | undefined {
    return this.data.versions.get(module);
  }

  sortedVersions(): { name: string; version: bigint }[] {
    return [...this.data.versions.entries()]
      .sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
      .map(([name, version]) => ({ name, version }));
  }

  /** The state as a snapshot keeps it (the live one, or a block's). */
  exportState(): UpgradeState {
    return {
      versions: [...this.data.versions.entries()],
      done: [...this.data.done],
      pending: this.data.pending,
      consensusStates: [...this.data.consensusStates.entries()].map(([height, bytes]) => [
        height,
        bytes.toString('base64'),
      ]),
      ...(this.data.deletedStores.size === 0 ? {} : { deletedStores: [...this.data.deletedStores.entries()] }),
    };
  }

  /** The stored client states by plan height, in height order. */
  consensusStates(): [bigint, Buffer][] {
    return [...this.data.consensusStates.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Changes whenever the state does (every write replaces it whole): a cheap test for "unchanged". */
  get revision(): object {
    return this.data;
  }

  consensusState(height: bigint): Buffer | undefined {
    return this.data.consensusStates.get(height);
  }

  /** The height from which the chain has no store (and no module) of this name, if an upgrade deleted it. */
  storeDeletedAt(name: string): bigint | undefined {
    return this.data.deletedStores.get(name);
  }

  appliedHeight(name: string): bigint {
    return this.data.done.find((entry) => entry.name === name)?.height ?? 0n;
  }
}

/** What the running binary does at a named upgrade: the modules it bumps, the client state IBC stores. */
export interface UpgradeHandler {
  readonly versions: Readonly<Record<string, number>>;
  readonly consensusState: Buffer;
  /** The stores its store loader deletes (StoreUpgrades.Deleted). */
  readonly deletedStores?: readonly string[];
}

/** The app's upgrade handlers (code, not chain state), looked up when a plan is scheduled. */
export type UpgradeHandlers = (
  plan: Plan,
  at: { height: bigint; time: Millis },
  state: UpgradeView,
) => UpgradeHandler | undefined;

const invalidRequest = (message: string) => new ChainError(`${message}: invalid request`, 'sdk', 18);

/**
 * x/upgrade: the module version map, done markers by height, the pending plan. Its state is
 * small, so every write replaces it whole and a block freezes it by keeping the reference.
 */
export class UpgradeKeeper extends UpgradeView {
  handlers: UpgradeHandlers = () => undefined;

  constructor() {
    super({ versions: new Map(), done: [], pending: null, consensusStates: new Map(), deletedStores: new Map() });
  }

  /** ScheduleUpgrade (after the plan's basic checks): replaces any scheduled plan. */
  scheduleUpgrade(plan: Plan, at: { height: bigint; time: Millis }): void {
    if (plan.height < at.height) throw invalidRequest('upgrade cannot be scheduled in the past');
    if (this.appliedHeight(plan.name) !== 0n) {
      throw invalidRequest(`upgrade with name ${plan.name} has already been completed`);
    }
    const handler = this.handlers(plan, at, this);
    const deletedStores = handler?.deletedStores ?? [];
    this.schedule(
      { plan, versions: handler?.versions ?? {}, ...(deletedStores.length > 0 ? { deletedStores } : {}) },
      handler?.consensusState ?? Buffer.alloc(0),
    );
  }

  /** ClearUpgradePlan: the plan and the client state stored for it go; no plan is no error. */
  clearPlan(): void {
    const pending = this.data.pending;
    if (!pending) return;
    const states = new Map(this.data.consensusStates);
    states.delete(pending.plan.height);
    this.data = { ...this.data, pending: null, consensusStates: states };
  }

  /** A cached context's discard: the returned function puts the state back as it is now. */
  checkpoint(): () => void {
    const saved = this.data;
    return () => {
      this.data = saved;
    };
  }

  freeze(): UpgradeView {
    return new UpgradeView(this.data);
  }

  setVersions(versions: Readonly<Record<string, number>>): void {
    const next = new Map(this.data.versions);
    for (const [name, version] of Object.entries(versions)) next.set(name, BigInt(version));
    this.data = { ...this.data, versions: next };
  }

  schedule(effect: UpgradeEffect, consensusState: Buffer): void {
    const states = new Map(this.data.consensusStates);
    if (this.data.pending) states.delete(this.data.pending.plan.height);
    states.set(effect.plan.height, consensusState);
    this.data = { ...this.data, pending: effect, consensusStates: states };
  }

  /** PreBlocker at the plan height: run the handler, mark it done, clear the plan. */
  applyIfDue(height: bigint): UpgradeEffect | null {
    const effect = this.data.pending;
    if (!effect || effect.plan.height > height) return null;
    this.setVersions(effect.versions);
    const states = new Map(this.data.consensusStates);
    states.delete(effect.plan.height);
    // The store loader drops the deleted stores before the block runs, and RunMigrations' version
    // map no longer holds their modules.
    const versions = new Map(this.data.versions);
    const deleted = new Map(this.data.deletedStores);
    for (const store of effect.deletedStores ?? []) {
      versions.delete(store);
      deleted.set(store, height);
    }
    this.data = {
      ...this.data,
      versions,
      deletedStores: deleted,
      done: [...this.data.done, { name: effect.plan.name, height: effect.plan.height }],
      pending: null,
      consensusStates: states,
    };
    return effect;
  }

  importState(state: UpgradeState): void {
    this.data = {
      versions: new Map(state.versions),
      done: [...state.done],
      pending: state.pending,
      consensusStates: new Map(state.consensusStates.map(([height, text]) => [height, Buffer.from(text, 'base64')])),
      deletedStores: new Map(state.deletedStores ?? []),
    };
  }
}
