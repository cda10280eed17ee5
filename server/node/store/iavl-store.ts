import { rootHash } from './iavl-hash.ts';
import {
  build,
  emptyValue,
  find,
  insert,
  leaf,
  remove,
  type Leaf,
  type StoreKey,
  type TreeNode,
  type ValueEncoder,
} from './iavl-tree.ts';
import { PackedTreeBuilder } from './packed-tree-build.ts';
import { packedNode, visitVersions } from './packed-tree.ts';

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

  /**
   * Starts the tree from a whole state, which `load` gives in key order: each leaf's version from
   * a snapshot's runs (see versionRunsOf), or `version` for all. The tree is packed (packed-tree.ts).
   */
  start(load: (into: PackedTreeBuilder) => void, runs: readonly [number, number][] | undefined, version: number): void {
    const builder = new PackedTreeBuilder();
    load(builder);
    const packed = builder.build(versionsFrom(builder.size, runs, version));
    this.root = packed === null ? null : packedNode(packed, packed.root);
    this.started = true;
  }

  /** Starts the tree from leaves already made (their versions kept). */
  startFrom(entries: readonly LoadEntry[]): void {
    this.root = build(entries.map((entry) => leaf(entry.key, entry.record, entry.encode, entry.version)));
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
}

/** Each leaf's version of a tree, run-length encoded in key order. */
export function versionRunsOf(root: TreeNode | null): [number, number][] {
  const runs: [number, number][] = [];
  visitVersions(root, (version) => {
    const last = runs[runs.length - 1];
    if (last && last[0] === version) last[1]++;
    else runs.push([version, 1]);
  });
  return runs;
}

export interface LoadEntry {
  readonly key: StoreKey;
  readonly record: unknown;
  readonly encode: ValueEncoder;
  readonly version: number;
}

/** Each entry's version by its position: from a snapshot's runs, or `version` for all. */
function versionsFrom(count: number, runs: readonly [number, number][] | undefined, version: number) {
  if (!runs) return () => version;
  const total = runs.reduce((sum, [, length]) => sum + length, 0);
  if (total !== count) throw new Error(`the snapshot's tree has ${total} keys, its state ${count}`);
  let run = 0;
  let runEnd = runs[0]?.[1] ?? 0;
  // Asked in order, so one pass over the runs serves every entry.
  return (index: number) => {
    while (index >= runEnd) runEnd += runs[++run][1];
    return runs[run][0];
  };
}
