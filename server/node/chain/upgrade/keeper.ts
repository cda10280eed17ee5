export interface Plan {
  readonly name: string;
  readonly height: bigint;
  readonly info: string;
}

/** What a scheduled upgrade does to the module version map when it is applied. */
export interface UpgradeEffect {
  readonly plan: Plan;
  readonly versions: Readonly<Record<string, number>>;
}

export interface UpgradeState {
  versions: [string, bigint][];
  done: { name: string; height: bigint }[];
  pending: UpgradeEffect | null;
  consensusStates: [bigint, string][];
}

interface UpgradeData {
  readonly versions: ReadonlyMap<string, bigint>;
  /** Applied plans in store-key order: height big-endian, then name. */
  readonly done: readonly { readonly name: string; readonly height: bigint }[];
  readonly pending: UpgradeEffect | null;
  /** upgradedIBCState/{height}/upgradedConsState */
  readonly consensusStates: ReadonlyMap<bigint, Buffer>;
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

  consensusState(height: bigint): Buffer | undefined {
    return this.data.consensusStates.get(height);
  }

  appliedHeight(name: string): bigint {
    return this.data.done.find((entry) => entry.name === name)?.height ?? 0n;
  }
}

/**
 * x/upgrade: the module version map, done markers by height, the pending plan. Its state is
 * small, so every write replaces it whole and a block freezes it by keeping the reference.
 */
export class UpgradeKeeper extends UpgradeView {
  /** What this binary does at each named upgrade: the app's upgrade handlers (not chain state). */
  private readonly handlers = new Map<string, { versions: Readonly<Record<string, number>>; consensusState: Buffer }>();

  constructor() {
    super({ versions: new Map(), done: [], pending: null, consensusStates: new Map() });
  }

  /** SetUpgradeHandler: the module versions the plan bumps, and the client state IBC stores for it. */
  registerHandler(name: string, versions: Readonly<Record<string, number>>, consensusState: Buffer): void {
    this.handlers.set(name, { versions, consensusState });
  }

  /** MsgSoftwareUpgrade: schedules a plan, replacing any scheduled one. */
  schedulePlan(plan: Plan): void {
    const handler = this.handlers.get(plan.name);
    this.schedule({ plan, versions: handler?.versions ?? {} }, handler?.consensusState ?? Buffer.alloc(0));
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
    this.data = {
      ...this.data,
      done: [...this.data.done, { name: effect.plan.name, height: effect.plan.height }],
      pending: null,
      consensusStates: states,
    };
    return effect;
  }

  exportState(): UpgradeState {
    return {
      versions: [...this.data.versions.entries()],
      done: [...this.data.done],
      pending: this.data.pending,
      consensusStates: [...this.data.consensusStates.entries()].map(([height, bytes]) => [
        height,
        bytes.toString('base64'),
      ]),
    };
  }

  importState(state: UpgradeState): void {
    this.data = {
      versions: new Map(state.versions),
      done: [...state.done],
      pending: state.pending,
      consensusStates: new Map(state.consensusStates.map(([height, text]) => [height, Buffer.from(text, 'base64')])),
    };
  }
}
