import {
  build,
  emptyValue,
  find,
  insert,
  leaf,
  leavesOf,
  remove,
  rootHash,
  type Leaf,
  type StoreKey,
  type TreeNode,
  type ValueEncoder,
} from './iavl-tree.ts';

// One module's KV store as a versioned IAVL tree: the keeper's tables write through to it as the
// SDK's stores would be written, and each committed height keeps its root (shared nodes cost
// nothing). Leaves carry the height that last wrote them, as IAVL's versions do.

export class IavlStore {
  private root: TreeNode | null = null;
  /** Writes are ignored until the store is started from the state it then holds. */
  private started = false;

  constructor(
    readonly name: string,
    /** The version new writes get: the height of the block being made. */
    private readonly version: () => number,
  ) {}

  get live(): boolean {
    return this.started;
  }

  /** Starts the tree from a whole state, in key order (versions from a snapshot, else `version`). */
  start(entries: readonly LoadEntry[]): void {
    const leaves: Leaf[] = entries.map((entry) => leaf(entry.key, entry.record, entry.encode, entry.version));
    this.root = build(leaves);
    this.started = true;
  }

  set(key: StoreKey, record: unknown, encode: ValueEncoder): void {
    if (!this.started) return;
    this.root = insert(this.root, leaf(key, record, encode, this.version()));
  }

  /** An ORM index entry: an empty value, written only when new (an unchanged index is not rewritten). */
  setIndex(key: StoreKey): void {
    if (!this.started || find(this.root, key)) return;
    this.root = insert(this.root, leaf(key, null, emptyValue, this.version()));
  }

  delete(key: StoreKey): void {
    if (!this.started) return;
    this.root = remove(this.root, key);
  }

  /** The leaf stored under a key now, if any. */
  leafAt(key: StoreKey): Leaf | undefined {
    return find(this.root, key);
  }

  /** The record stored under a key now, if any. */
  get(key: StoreKey): unknown {
    return find(this.root, key)?.record;
  }

  /** The tree as it is now: later writes never reach it. */
  snapshot(): TreeNode | null {
    return this.root;
  }

  rootHash(): Uint8Array {
    return rootHash(this.root);
  }

  /** Each leaf's version, run-length encoded in key order: what a snapshot keeps of the tree. */
  versionRuns(): [number, number][] {
    const runs: [number, number][] = [];
    for (const entry of leavesOf(this.root)) {
      const last = runs[runs.length - 1];
      if (last && last[0] === entry.version) last[1]++;
      else runs.push([entry.version, 1]);
    }
    return runs;
  }
}

export interface LoadEntry {
  readonly key: StoreKey;
  readonly record: unknown;
  readonly encode: ValueEncoder;
  readonly version: number;
}

/** Gives each entry (in key order) its version from a snapshot's runs, or `version` for all. */
export function withVersions(
  entries: readonly Omit<LoadEntry, 'version'>[],
  runs: readonly [number, number][] | undefined,
  version: number,
): LoadEntry[] {
  if (!runs) return entries.map((entry) => ({ ...entry, version }));
  const total = runs.reduce((sum, [, count]) => sum + count, 0);
  if (total !== entries.length) throw new Error(`the snapshot's tree has ${total} keys, its state ${entries.length}`);
  const out: LoadEntry[] = [];
  let run = 0;
  let left = runs[0]?.[1] ?? 0;
  for (const entry of entries) {
    while (left === 0) left = runs[++run][1];
    out.push({ ...entry, version: runs[run][0] });
    left--;
  }
  return out;
}
