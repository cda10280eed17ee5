import { hash as oneShotHash } from 'node:crypto';

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
// changed. Hashes are computed when a root is asked for, only for nodes made since.

/** Keys are latin1 strings (one char per byte), so string order is byte order. */
export type StoreKey = string;

/** How a leaf's value is written: its record's protobuf bytes (empty for index entries). */
export type ValueEncoder = (record: unknown) => Uint8Array;

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

/** A 32-bit mix of the key's bytes (FNV-1a, then murmur3's finaliser): the separator's priority. */
export function priorityOf(key: StoreKey): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
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

// IAVL's hashing: signed varints (zigzag) for height, size and version; a uvarint length before
// the key, the value's hash and each child's hash.

function zigzag(value: number, out: number[]): void {
  // Heights, sizes and versions are far below 2^52: plain numbers hold them exactly.
  uvarint(value >= 0 ? value * 2 : -value * 2 - 1, out);
}

function uvarint(value: number, out: number[]): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
}

const sha256 = (bytes: Uint8Array) => Uint8Array.from(oneShotHash('sha256', bytes, 'buffer'));

/** height, size, version as IAVL writes them ahead of a node's key or children. */
export function nodePrefix(height: number, size: number, version: number): number[] {
  const out: number[] = [];
  zigzag(height, out);
  zigzag(size, out);
  zigzag(version, out);
  return out;
}

export function valueOf(leafNode: Leaf): Uint8Array {
  return leafNode.encode(leafNode.record);
}

// Hashing writes each node's bytes into one scratch buffer: millions of nodes are hashed at start.
let scratch = new Uint8Array(1024);

function putVarint(value: number, at: number): number {
  let rest = value;
  let offset = at;
  while (rest >= 0x80) {
    scratch[offset++] = (rest & 0x7f) | 0x80;
    rest = Math.floor(rest / 128);
  }
  scratch[offset++] = rest;
  return offset;
}

const putSigned = (value: number, at: number) => putVarint(value >= 0 ? value * 2 : -value * 2 - 1, at);

function putHead(height: number, size: number, version: number): number {
  return putSigned(version, putSigned(size, putSigned(height, 0)));
}

const digest = (length: number) => oneShotHash('sha256', scratch.subarray(0, length), 'binary');

function putHash(hash: string, at: number): number {
  for (let i = 0; i < 32; i++) scratch[at + i] = hash.charCodeAt(i);
  return at + 32;
}

function leafHash(node: Leaf): string {
  const valueHash = oneShotHash('sha256', valueOf(node), 'binary');
  if (scratch.length < node.key.length + 64) scratch = new Uint8Array(node.key.length * 2 + 64);
  let at = putHead(0, 1, node.version);
  at = putVarint(node.key.length, at);
  for (let i = 0; i < node.key.length; i++) scratch[at++] = node.key.charCodeAt(i);
  scratch[at++] = 32;
  return digest(putHash(valueHash, at));
}

function hashText(node: TreeNode): string {
  if (node.hash !== undefined) return node.hash;
  if (node.kind === 'leaf') {
    node.hash = leafHash(node);
    return node.hash;
  }
  const left = hashText(node.left);
  const right = hashText(node.right);
  let at = putHead(node.height, node.size, node.version);
  scratch[at++] = 32;
  at = putHash(left, at);
  scratch[at++] = 32;
  node.hash = digest(putHash(right, at));
  return node.hash;
}

/** The node's hash, computing (once) those of the nodes below that have none yet. */
export const hashOf = (node: TreeNode): Uint8Array => Uint8Array.from(Buffer.from(hashText(node), 'latin1'));

/** The root hash of a tree; an empty tree's is the SHA-256 of nothing, as IAVL's. */
export const rootHash = (root: TreeNode | null) => (root === null ? sha256(new Uint8Array()) : hashOf(root));

/** One step of a proof, from a node to its parent: the bytes before and after the child's hash. */
export interface PathStep {
  readonly prefix: Uint8Array;
  readonly suffix: Uint8Array;
}

/** The path from a leaf (by key) up to the root, leaf first, as ICS23 InnerOps want it. */
export function pathTo(root: TreeNode, key: StoreKey): PathStep[] {
  const steps: PathStep[] = [];
  let at: TreeNode = root;
  while (at.kind === 'inner') {
    const head = nodePrefix(at.height, at.size, at.version);
    if (key < at.key) {
      steps.push({ prefix: Uint8Array.from([...head, 32]), suffix: Uint8Array.from([32, ...hashOf(at.right)]) });
      at = at.left;
    } else {
      steps.push({ prefix: Uint8Array.from([...head, 32, ...hashOf(at.left), 32]), suffix: new Uint8Array() });
      at = at.right;
    }
  }
  return steps.reverse();
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
