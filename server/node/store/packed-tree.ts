import type { Inner, Leaf, StoreKey, TreeNode, ValueEncoder } from './iavl-tree.ts';

// A tree loaded whole at start (a genesis or a snapshot: millions of entries for the `large`
// scenario), kept in flat typed arrays instead of one object per node: no garbage collector walks
// them, and they are built and hashed in one pass (packed-tree-build.ts). It is the same tree,
// node for node, as iavl-tree.ts builds from the same leaves.
//
// The tree code reads it through small views made on demand (PackedLeaf, PackedInner) that answer
// the node fields from the arrays. A write copies its path as ordinary nodes, whose children are
// views of the untouched packed subtrees; the packed arrays themselves never change, so every
// kept height shares them.

/** A child: an inner node's index (>= 0), or a leaf's as its complement (~index < 0). */
export type NodeRef = number;

/**
 * Consecutive leaves whose keys share a prefix and a value encoder. Their key tails and records
 * are a table's own arrays (rows `from` to `to`), shared, never copied: the table copies a chunk
 * before it next writes it (VersionedTable.forEachChunk).
 */
export interface LeafRun {
  readonly prefix: string;
  readonly tails: readonly string[];
  /** null: every leaf's record is null (index entries). */
  readonly records: readonly unknown[] | null;
  readonly from: number;
  readonly to: number;
  readonly encode: ValueEncoder;
}

export interface PackedArrays {
  readonly runs: readonly LeafRun[];
  /** The index of each run's first leaf. */
  readonly runStarts: Uint32Array;
  readonly leafVersions: Uint32Array;
  /** 32 bytes a leaf. */
  readonly leafHashes: Uint8Array;
  /** Each key's priority; inner node i stands before leaf i + 1 and has its key and priority. */
  readonly priorities: Uint32Array;
  readonly lefts: Int32Array;
  readonly rights: Int32Array;
  readonly heights: Uint8Array;
  readonly sizes: Uint32Array;
  readonly innerVersions: Uint32Array;
  /** 32 bytes an inner node. */
  readonly innerHashes: Uint8Array;
  readonly root: NodeRef;
}

/** The run holding leaf `index`, and the leaf's row in it. */
function rowOf(tree: PackedArrays, index: number): { run: LeafRun; row: number } {
  const starts = tree.runStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (starts[mid] <= index) low = mid;
    else high = mid - 1;
  }
  const run = tree.runs[low];
  return { run, row: run.from + index - starts[low] };
}

const keyOf = (tree: PackedArrays, index: number) => {
  const { run, row } = rowOf(tree, index);
  return run.prefix + run.tails[row];
};

const hashText = (hashes: Uint8Array, index: number) =>
  Buffer.from(hashes.buffer, hashes.byteOffset + index * 32, 32).toString('latin1');

export class PackedLeaf implements Leaf {
  readonly kind = 'leaf';
  readonly height = 0;
  readonly size = 1;
  private knownKey: StoreKey | undefined;

  constructor(
    readonly tree: PackedArrays,
    readonly index: number,
  ) {}

  get key(): StoreKey {
    return (this.knownKey ??= keyOf(this.tree, this.index));
  }

  get priority(): number {
    return this.tree.priorities[this.index];
  }

  get version(): number {
    return this.tree.leafVersions[this.index];
  }

  get record(): unknown {
    const { run, row } = rowOf(this.tree, this.index);
    return run.records === null ? null : run.records[row];
  }

  get encode(): ValueEncoder {
    return rowOf(this.tree, this.index).run.encode;
  }

  get hash(): string {
    return hashText(this.tree.leafHashes, this.index);
  }
}

export class PackedInner implements Inner {
  readonly kind = 'inner';
  private knownKey: StoreKey | undefined;

  constructor(
    readonly tree: PackedArrays,
    readonly index: number,
  ) {}

  get key(): StoreKey {
    return (this.knownKey ??= keyOf(this.tree, this.index + 1));
  }

  get priority(): number {
    return this.tree.priorities[this.index + 1];
  }

  get left(): TreeNode {
    return packedNode(this.tree, this.tree.lefts[this.index]);
  }

  get right(): TreeNode {
    return packedNode(this.tree, this.tree.rights[this.index]);
  }

  get height(): number {
    return this.tree.heights[this.index];
  }

  get size(): number {
    return this.tree.sizes[this.index];
  }

  get version(): number {
    return this.tree.innerVersions[this.index];
  }

  get hash(): string {
    return hashText(this.tree.innerHashes, this.index);
  }

  /** The leaves below, as a range of leaf indexes [first, first + size). */
  get firstLeaf(): number {
    let ref = this.tree.lefts[this.index];
    while (ref >= 0) ref = this.tree.lefts[ref];
    return ~ref;
  }
}

export const packedNode = (tree: PackedArrays, ref: NodeRef): TreeNode =>
  ref >= 0 ? new PackedInner(tree, ref) : new PackedLeaf(tree, ~ref);

/** Each leaf's version in key order, without making a view per node of the packed parts. */
export function visitVersions(node: TreeNode | null, visit: (version: number) => void): void {
  if (node === null) return;
  if (node instanceof PackedInner) {
    const first = node.firstLeaf;
    const versions = node.tree.leafVersions;
    for (let i = first; i < first + node.size; i++) visit(versions[i]);
  } else if (node.kind === 'leaf') visit(node.version);
  else {
    visitVersions(node.left, visit);
    visitVersions(node.right, visit);
  }
}
