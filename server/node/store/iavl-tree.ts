// A store's state as an IAVL tree, hashed exactly as cosmos/iavl hashes its nodes (height, size,
// version, then the key and the value's SHA-256 for a leaf, the children's hashes for an inner
// node), so ICS23's IAVL spec verifies its proofs.
//
// The tree's shape is a pure function of its keys: each inner node stands between two adjacent
// leaves (its key is the first key on its right, as in IAVL), and the separator with the highest
// priority (a hash of its key) is the root of its range, as in a treap. A chain rebuilt from a
// snapshot, or replayed, therefore has the very same tree, and hashes, as the one that ran; an
// IAVL whose shape follows its history of rotations could not promise that. Nodes are never
// changed once hashed: a write copies the path it changes (a few dozen nodes) and leaves every
// other subtree shared with the trees of earlier heights, so keeping a height costs only what
// changed. Hashes are computed when a root is asked for, only for nodes made since
// (iavl-hash.ts). A state loaded whole is packed into flat arrays instead (packed-tree.ts): the
// code here reads it through views that answer the same fields.

/** Keys are latin1 strings (one char per byte), so string order is byte order. */
export type StoreKey = string;

/** How a leaf's value is written: its record's protobuf bytes (empty for index entries). */
export interface ValueEncoder {
  (record: unknown): Uint8Array;
  /**
   * Writes the value into `target` at `at` without an array of its own (for the rows that number
   * in the millions: their arrays would cost a start more than their hashes); the number of bytes
   * written, or -1 when they do not fit.
   */
  readonly encodeInto?: (record: unknown, target: Uint8Array, at: number) => number;
}

export interface Leaf {
  readonly kind: 'leaf';
  readonly key: StoreKey;
  readonly priority: number;
  readonly version: number;
  readonly record: unknown;
  readonly encode: ValueEncoder;
  readonly height: 0;
  readonly size: 1;
  /** The node's hash, once computed, as a 32-char latin1 string: a few times lighter than a typed array. */
  hash?: string;
}

export interface Inner {
  readonly kind: 'inner';
  /** The first key of the right subtree. */
  readonly key: StoreKey;
  readonly priority: number;
  readonly left: TreeNode;
  readonly right: TreeNode;
  readonly height: number;
  readonly size: number;
  /** The newest version below: a subtree is as new as its newest leaf. */
  readonly version: number;
  hash?: string;
}

export type TreeNode = Leaf | Inner;

export const EMPTY_VALUE = new Uint8Array();
export const emptyValue: ValueEncoder = () => EMPTY_VALUE;

// A separator's priority is a 32-bit mix of its key's bytes: FNV-1a, then murmur3's finaliser.
// The steps are exported so a tree built in bulk from bytes (packed-tree-build.ts) mixes alike.
export const PRIORITY_SEED = 0x811c9dc5;
export const mixByte = (state: number, byte: number) => Math.imul(state ^ byte, 0x01000193);

export function finishPriority(state: number): number {
  let h = state;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The separator priority of a key. */
export function priorityOf(key: StoreKey): number {
  let h = PRIORITY_SEED;
  for (let i = 0; i < key.length; i++) h = mixByte(h, key.charCodeAt(i));
  return finishPriority(h);
}

/** Whether separator a outranks separator b (ties, which hashes allow, go to the larger key). */
const outranks = (priorityA: number, keyA: StoreKey, priorityB: number, keyB: StoreKey) =>
  priorityA > priorityB || (priorityA === priorityB && keyA > keyB);

export function leaf(key: StoreKey, record: unknown, encode: ValueEncoder, version: number): Leaf {
  return { kind: 'leaf', key, priority: priorityOf(key), version, record, encode, height: 0, size: 1 };
}

function inner(key: StoreKey, priority: number, left: TreeNode, right: TreeNode): Inner {
  return {
    kind: 'inner',
    key,
    priority,
    left,
    right,
    height: Math.max(left.height, right.height) + 1,
    size: left.size + right.size,
    version: Math.max(left.version, right.version),
  };
}

function minKey(node: TreeNode): StoreKey {
  let at = node;
  while (at.kind === 'inner') at = at.left;
  return at.key;
}

/** The keys below `key` and the keys from `key` on, as two trees (either may be empty). */
function split(node: TreeNode | null, key: StoreKey): [TreeNode | null, TreeNode | null] {
  if (node === null) return [null, null];
  if (node.kind === 'leaf') return node.key < key ? [node, null] : [null, node];
  if (key <= node.key) {
    const [below, from] = split(node.left, key);
    return [below, from === null ? node.right : inner(node.key, node.priority, from, node.right)];
  }
  const [below, from] = split(node.right, key);
  return [below === null ? node.left : inner(node.key, node.priority, node.left, below), from];
}

/** Joins two trees whose keys are all below and all above each other; `first` is the right one's first key. */
function join(left: TreeNode, right: TreeNode, first: StoreKey, firstPriority: number): TreeNode {
  const leftWins =
    left.kind === 'inner' &&
    outranks(left.priority, left.key, firstPriority, first) &&
    (right.kind === 'leaf' || outranks(left.priority, left.key, right.priority, right.key));
  if (leftWins) return inner(left.key, left.priority, left.left, join(left.right, right, first, firstPriority));
  const rightWins = right.kind === 'inner' && outranks(right.priority, right.key, firstPriority, first);
  if (rightWins) return inner(right.key, right.priority, join(left, right.left, first, firstPriority), right.right);
  return inner(first, firstPriority, left, right);
}

function concat(left: TreeNode | null, right: TreeNode | null): TreeNode | null {
  if (left === null) return right;
  if (right === null) return left;
  const first = minKey(right);
  return join(left, right, first, priorityOf(first));
}

export function find(node: TreeNode | null, key: StoreKey): Leaf | undefined {
  let at = node;
  while (at !== null && at.kind === 'inner') at = key < at.key ? at.left : at.right;
  return at !== null && at.key === key ? at : undefined;
}

/** Replaces the leaf of an existing key along its path (the shape does not change). */
function replace(node: TreeNode, replacement: Leaf): TreeNode {
  if (node.kind === 'leaf') return replacement;
  return replacement.key < node.key
    ? inner(node.key, node.priority, replace(node.left, replacement), node.right)
    : inner(node.key, node.priority, node.left, replace(node.right, replacement));
}

/** The tree with `entry` in it (a new key, or a new value for one). */
export function insert(root: TreeNode | null, entry: Leaf): TreeNode {
  if (root === null) return entry;
  if (find(root, entry.key)) return replace(root, entry);
  const [below, from] = split(root, entry.key);
  return concat(concat(below, entry), from) as TreeNode;
}

/** The tree without `key` (the same tree when it is not there). */
export function remove(root: TreeNode | null, key: StoreKey): TreeNode | null {
  if (!find(root, key)) return root;
  const [below, from] = split(root, key);
  const [, after] = split(from, key + '\u0000');
  return concat(below, after);
}

/**
 * The tree of sorted leaves, built at once (a state loaded whole): the separators' Cartesian
 * tree, by a stack over its right spine, in linear time. The same tree inserts would make.
 */
export function build(leaves: readonly Leaf[]): TreeNode | null {
  if (leaves.length === 0) return null;
  interface Draft {
    key: StoreKey;
    priority: number;
    left: Draft | Leaf;
    right: Draft | Leaf;
  }
  const spine: Draft[] = [];
  let root: Draft | Leaf = leaves[0];
  for (let i = 1; i < leaves.length; i++) {
    const next = leaves[i];
    if (next.key <= leaves[i - 1].key) throw new Error('leaves must be sorted and unique');
    let lost: Draft | Leaf | null = null;
    while (
      spine.length > 0 &&
      !outranks(spine[spine.length - 1].priority, spine[spine.length - 1].key, next.priority, next.key)
    ) {
      lost = spine.pop() as Draft;
    }
    const parent = spine.length > 0 ? spine[spine.length - 1] : null;
    const leftOfNew: Draft | Leaf = lost ?? (parent ? parent.right : root);
    const draft: Draft = { key: next.key, priority: next.priority, left: leftOfNew, right: next };
    if (parent) parent.right = draft;
    else root = draft;
    spine.push(draft);
  }
  const freeze = (node: Draft | Leaf): TreeNode =>
    'kind' in node ? node : inner(node.key, node.priority, freeze(node.left), freeze(node.right));
  return freeze(root);
}

/** Every leaf, in key order. */
export function leavesOf(node: TreeNode | null, out: Leaf[] = []): Leaf[] {
  if (node === null) return out;
  if (node.kind === 'leaf') out.push(node);
  else {
    leavesOf(node.left, out);
    leavesOf(node.right, out);
  }
  return out;
}

/** The leaves on either side of an absent key (either may be missing at an end). */
export function neighbours(root: TreeNode, key: StoreKey): { left?: Leaf; right?: Leaf } {
  let left: Leaf | undefined;
  let right: Leaf | undefined;
  let at: TreeNode = root;
  // Walk down; the last subtree left behind on each side holds the neighbour at its far edge.
  let leftSubtree: TreeNode | undefined;
  let rightSubtree: TreeNode | undefined;
  while (at.kind === 'inner') {
    if (key < at.key) {
      rightSubtree = at.right;
      at = at.left;
    } else {
      leftSubtree = at.left;
      at = at.right;
    }
  }
  if (at.key < key) left = at;
  else if (at.key > key) right = at;
  if (!left && leftSubtree) {
    let edge = leftSubtree;
    while (edge.kind === 'inner') edge = edge.right;
    left = edge;
  }
  if (!right && rightSubtree) {
    let edge = rightSubtree;
    while (edge.kind === 'inner') edge = edge.left;
    right = edge;
  }
  return { left, right };
}
