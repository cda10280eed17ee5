import { NodeBytes } from './iavl-hash.ts';

// The hashing of a packed tree's build, in pieces any thread can take: batches of leaves and
// whole subtrees of inner nodes. Everything lives in one shared buffer whose layout follows from
// the number of leaves alone, so a hashing thread needs only the buffer and that number.

/** A tree's arrays as views of its buffer (packed-tree.ts names them). */
export interface NodeArrays {
  readonly leafVersions: Uint32Array;
  readonly priorities: Uint32Array;
  readonly leafHashes: Uint8Array;
  readonly lefts: Int32Array;
  readonly rights: Int32Array;
  readonly sizes: Uint32Array;
  readonly innerVersions: Uint32Array;
  readonly heights: Uint8Array;
  readonly innerHashes: Uint8Array;
}

/** Bytes per leaf: a version and a priority, a hash; per inner node: four words, a height, a hash. */
const LEAF_BYTES = 2 * 4 + 32;
const INNER_BYTES = 4 * 4 + 1 + 32;

export const bytesFor = (leaves: number) => leaves * LEAF_BYTES + Math.max(leaves - 1, 0) * INNER_BYTES;

/**
 * The arrays of a tree of `count` leaves in `buffer`. The leaves' arrays come first; the inner
 * nodes' follow, and serve as the leaf batches' room until the inner nodes are built.
 */
export function arraysIn(buffer: ArrayBufferLike, count: number): NodeArrays {
  const inner = Math.max(count - 1, 0);
  let offset = 0;
  const take = <T>(
    make: (buffer: ArrayBufferLike, offset: number, length: number) => T,
    length: number,
    size: number,
  ) => {
    const array = make(buffer, offset, length);
    offset += length * size;
    return array;
  };
  const words = (length: number) => take((b, o, l) => new Uint32Array(b, o, l), length, 4);
  const signed = (length: number) => take((b, o, l) => new Int32Array(b, o, l), length, 4);
  const bytes = (length: number) => take((b, o, l) => new Uint8Array(b, o, l), length, 1);
  return {
    leafVersions: words(count),
    priorities: words(count),
    leafHashes: bytes(32 * count),
    lefts: signed(inner),
    rights: signed(inner),
    sizes: words(inner),
    innerVersions: words(inner),
    heights: bytes(inner),
    innerHashes: bytes(32 * inner),
  };
}

/** The inner nodes' room, where leaf batches are written before the inner nodes exist. */
export const batchRoom = (buffer: ArrayBufferLike, count: number) =>
  new Uint8Array(buffer, count * LEAF_BYTES, Math.max(count - 1, 0) * INNER_BYTES);

// A batch: its entry count (u32), then per leaf its index (u32), its message's length (u16), the
// message (height, size, version, the key behind its length, then 33 bytes left for the value's
// hash behind its length), the value's length (u32) and the value. Little-endian throughout.

const readU32 = (bytes: Uint8Array, at: number) =>
  (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;

export function writeU32(bytes: Uint8Array, at: number, value: number): number {
  bytes[at] = value & 0xff;
  bytes[at + 1] = (value >>> 8) & 0xff;
  bytes[at + 2] = (value >>> 16) & 0xff;
  bytes[at + 3] = value >>> 24;
  return at + 4;
}

const EMPTY_VALUE_DIGEST = new NodeBytes().digest(0);

/** Hashes every leaf of a batch into `leafHashes`. */
export function hashLeafBatch(batch: Uint8Array, leafHashes: Uint8Array, scratch: NodeBytes): void {
  const entries = readU32(batch, 0);
  let at = 4;
  for (let entry = 0; entry < entries; entry++) {
    const index = readU32(batch, at);
    const messageLength = batch[at + 4] | (batch[at + 5] << 8);
    const message = at + 6;
    const valueLength = readU32(batch, message + messageLength);
    const value = message + messageLength + 4;
    let valueHash = EMPTY_VALUE_DIGEST;
    if (valueLength > 0) {
      scratch.reserve(valueLength);
      scratch.bytes.set(batch.subarray(value, value + valueLength));
      valueHash = scratch.digest(valueLength);
    }
    scratch.reserve(messageLength);
    const bytes = scratch.bytes;
    for (let i = 0; i < messageLength - 33; i++) bytes[i] = batch[message + i];
    const hash = scratch.digest(scratch.hashField(valueHash, messageLength - 33));
    for (let i = 0; i < 32; i++) leafHashes[index * 32 + i] = hash.charCodeAt(i);
    at = value + valueLength;
  }
}

/** A child's hash behind its length, at `at` of the scratch bytes. */
function putChild(tree: NodeArrays, child: number, bytes: Uint8Array, at: number): number {
  const hashes = child >= 0 ? tree.innerHashes : tree.leafHashes;
  const offset = (child >= 0 ? child : ~child) * 32;
  bytes[at] = 32;
  for (let i = 0; i < 32; i++) bytes[at + 1 + i] = hashes[offset + i];
  return at + 33;
}

/** Hashes one inner node, whose children are hashed, into `innerHashes`. */
export function hashNode(tree: NodeArrays, node: number, scratch: NodeBytes): void {
  const head = scratch.head(tree.heights[node], tree.sizes[node], tree.innerVersions[node]);
  const at = putChild(tree, tree.rights[node], scratch.bytes, putChild(tree, tree.lefts[node], scratch.bytes, head));
  const hash = scratch.digest(at);
  for (let i = 0; i < 32; i++) tree.innerHashes[node * 32 + i] = hash.charCodeAt(i);
}

/** Hashes every inner node of the subtree under `root`, children first (its leaves are hashed). */
export function hashSubtree(tree: NodeArrays, root: number, scratch: NodeBytes): void {
  // A node is pushed once to be opened (its children pushed above it), then as ~node to be hashed.
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop() as number;
    if (node < 0) {
      hashNode(tree, ~node, scratch);
      continue;
    }
    stack.push(~node);
    if (tree.rights[node] >= 0) stack.push(tree.rights[node]);
    if (tree.lefts[node] >= 0) stack.push(tree.lefts[node]);
  }
}
