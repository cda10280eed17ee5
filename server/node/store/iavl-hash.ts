import { hash as oneShotHash } from 'node:crypto';

import { EMPTY_VALUE, type Leaf, type StoreKey, type TreeNode } from './iavl-tree.ts';

// IAVL's node hashing: signed varints (zigzag) for height, size and version, then a leaf's key
// (behind its uvarint length) and its value's SHA-256, or an inner node's children's hashes,
// each behind its length (32). Hashes are kept as 32-char latin1 strings, which Node's one-shot
// hash returns at a fraction of the cost of a Buffer.

/**
 * A node's bytes, written into one reusable buffer: millions of nodes are hashed at start, and a
 * fresh array per node would cost more than the hash. Views are kept per length, so hashing one
 * allocates nothing but its result.
 */
export class NodeBytes {
  bytes = new Uint8Array(1024);
  private views: Uint8Array[] = [];

  /** Room for `length` bytes (a long key); earlier contents are not kept. */
  reserve(length: number): void {
    if (this.bytes.length >= length) return;
    this.bytes = new Uint8Array(length * 2);
    this.views = [];
  }

  varint(value: number, at: number): number {
    const bytes = this.bytes;
    let rest = value;
    let offset = at;
    while (rest >= 0x80) {
      bytes[offset++] = (rest & 0x7f) | 0x80;
      // Heights, sizes and versions are far below 2^52: plain numbers hold them exactly.
      rest = Math.floor(rest / 128);
    }
    bytes[offset++] = rest;
    return offset;
  }

  /** height, size, version as IAVL writes them, from the start. */
  head(height: number, size: number, version: number): number {
    return this.signed(version, this.signed(size, this.signed(height, 0)));
  }

  private signed(value: number, at: number): number {
    return this.varint(value >= 0 ? value * 2 : -value * 2 - 1, at);
  }

  /** A hash behind its length byte. */
  hashField(hash: string, at: number): number {
    const bytes = this.bytes;
    bytes[at] = 32;
    for (let i = 0; i < 32; i++) bytes[at + 1 + i] = hash.charCodeAt(i);
    return at + 33;
  }

  /** The SHA-256 of the first `length` bytes. */
  digest(length: number): string {
    let view = this.views[length];
    if (view === undefined) this.views[length] = view = this.bytes.subarray(0, length);
    return oneShotHash('sha256', view, 'binary');
  }

  /** An inner node's hash from its head and its children's hashes. */
  innerHash(height: number, size: number, version: number, left: string, right: string): string {
    return this.digest(this.hashField(right, this.hashField(left, this.head(height, size, version))));
  }
}

const sha256Text = (bytes: Uint8Array) => oneShotHash('sha256', bytes, 'binary');

/** The SHA-256 of an empty value: every ORM index entry's value hash. */
export const EMPTY_VALUE_HASH = sha256Text(EMPTY_VALUE);

/** A leaf's value hash: index entries (empty values) share one. */
export const valueHash = (value: Uint8Array) => (value.length === 0 ? EMPTY_VALUE_HASH : sha256Text(value));

const scratch = new NodeBytes();

/** A leaf's hash, written into `into` (its key's bytes from a latin1 string). */
export function leafHashOf(into: NodeBytes, key: StoreKey, version: number, value: string): string {
  into.reserve(key.length + 64);
  let at = into.varint(key.length, into.head(0, 1, version));
  const bytes = into.bytes;
  for (let i = 0; i < key.length; i++) bytes[at++] = key.charCodeAt(i);
  return into.digest(into.hashField(value, at));
}

export function valueOf(leafNode: Leaf): Uint8Array {
  return leafNode.encode(leafNode.record);
}

function hashText(node: TreeNode): string {
  if (node.hash !== undefined) return node.hash;
  if (node.kind === 'leaf') {
    node.hash = leafHashOf(scratch, node.key, node.version, valueHash(valueOf(node)));
    return node.hash;
  }
  const left = hashText(node.left);
  const right = hashText(node.right);
  node.hash = scratch.innerHash(node.height, node.size, node.version, left, right);
  return node.hash;
}

const latin1Bytes = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));

/** The node's hash, computing (once) those of the nodes below that have none yet. */
export const hashOf = (node: TreeNode): Uint8Array => latin1Bytes(hashText(node));

/** The root hash of a tree; an empty tree's is the SHA-256 of nothing, as IAVL's. */
export const rootHash = (root: TreeNode | null) => latin1Bytes(root === null ? EMPTY_VALUE_HASH : hashText(root));

/** height, size, version as IAVL writes them ahead of a node's key or children. */
export function nodePrefix(height: number, size: number, version: number): number[] {
  const at = scratch.head(height, size, version);
  return Array.from(scratch.bytes.subarray(0, at));
}

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
