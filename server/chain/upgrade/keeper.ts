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

/** x/upgrade: the module version map, done markers by height, the pending plan. */
export class UpgradeKeeper {
  readonly versions = new Map<string, bigint>();
  /** Applied plans in store-key order: height big-endian, then name. */
  readonly done: { name: string; height: bigint }[] = [];
  pending: UpgradeEffect | null = null;
  /** upgradedIBCState/{height}/upgradedConsState */
  readonly consensusStates = new Map<bigint, Buffer>();

  setVersions(v: Readonly<Record<string, number>>): void {
    for (const [name, version] of Object.entries(v)) this.versions.set(name, BigInt(version));
  }

  sortedVersions(): { name: string; version: bigint }[] {
    return [...this.versions.entries()]
      .sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
      .map(([name, version]) => ({ name, version }));
  }

  schedule(effect: UpgradeEffect, consensusState: Buffer): void {
    if (this.pending) this.consensusStates.delete(this.pending.plan.height);
    this.pending = effect;
    this.consensusStates.set(effect.plan.height, consensusState);
  }

  /** PreBlocker at the plan height: run the handler, mark it done, clear the plan. */
  applyIfDue(height: bigint): boolean {
    const p = this.pending;
    if (!p || p.plan.height > height) return false;
    this.setVersions(p.versions);
    this.done.push({ name: p.plan.name, height: p.plan.height });
    this.consensusStates.delete(p.plan.height);
    this.pending = null;
    return true;
  }

  exportState(): UpgradeState {
    return {
      versions: [...this.versions.entries()],
      done: this.done,
      pending: this.pending,
      consensusStates: [...this.consensusStates.entries()].map(([h, b]) => [h, b.toString('base64')]),
    };
  }

  importState(st: UpgradeState): void {
    for (const [n, v] of st.versions) this.versions.set(n, v);
    this.done.push(...st.done);
    this.pending = st.pending;
    for (const [h, b] of st.consensusStates) this.consensusStates.set(h, Buffer.from(b, 'base64'));
  }

  appliedHeight(name: string): bigint {
    return this.done.find((d) => d.name === name)?.height ?? 0n;
  }
}
