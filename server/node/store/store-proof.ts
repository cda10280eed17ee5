import { createHash } from 'node:crypto';

import { uvarint } from '../../lib/protobuf-varint.ts';
import { hashOf, pathTo, valueOf } from './iavl-hash.ts';
import { neighbours, type Leaf, type TreeNode } from './iavl-tree.ts';
import { sortedStoreNames, storeLeaves, type StoreRoots } from './multistore.ts';

// Store proofs as the SDK's stores give them to abci_query: an ICS23 CommitmentProof from the key
// to its store's IAVL root (`ics23:iavl`, existence or non-existence), then one from that root,
// under the store's name, to the app hash (`ics23:simple`). Encoded by hand: a few messages of
// cosmos/ics23's proofs.proto (HashOp SHA256 = 1, LengthOp VAR_PROTO = 1).

const field = (number: number, bytes: Uint8Array | readonly number[]) =>
  bytes.length === 0 ? [] : [(number << 3) | 2, ...uvarint(bytes.length), ...bytes];

const SHA256 = 1;
const VAR_PROTO = 1;

/** LeafOp{hash, prehash_value SHA-256, length VAR_PROTO, prefix}: IAVL's and the simple tree's leaves alike. */
const leafOp = (prefix: readonly number[]) => [0x08, SHA256, 0x18, SHA256, 0x20, VAR_PROTO, ...field(5, prefix)];

const innerOp = (prefix: Uint8Array | readonly number[], suffix: Uint8Array | readonly number[]) => [
  0x08,
  SHA256,
  ...field(2, prefix),
  ...field(3, suffix),
];

const latin1Bytes = (key: string) => Buffer.from(key, 'latin1');

function zigzagHead(version: number): number[] {
  return [...uvarint(0), ...uvarint(2), ...uvarint(version * 2)];
}

/** ExistenceProof of one leaf of an IAVL tree. */
function iavlExistence(root: TreeNode, entry: Leaf): number[] {
  const path = pathTo(root, entry.key);
  return [
    ...field(1, latin1Bytes(entry.key)),
    ...field(2, valueOf(entry)),
    ...field(3, leafOp(zigzagHead(entry.version))),
    ...path.flatMap((step) => field(4, innerOp(step.prefix, step.suffix))),
  ];
}

export interface KeyProof {
  /** The stored value, or null when the key is absent. */
  readonly value: Uint8Array | null;
  /** The CommitmentProof (ics23:iavl) of the key in its store. */
  readonly storeProof: Uint8Array;
}

/** The value of `key` in a store's tree with its existence or non-existence proof. */
export function proveKey(root: TreeNode | null, key: string): KeyProof {
  if (root === null) throw new Error('an empty store proves nothing');
  let at: TreeNode = root;
  while (at.kind === 'inner') at = key < at.key ? at.left : at.right;
  if (at.key === key) {
    return { value: valueOf(at), storeProof: Uint8Array.from(field(1, iavlExistence(root, at))) };
  }
  const { left, right } = neighbours(root, key);
  const absent = [
    ...field(1, latin1Bytes(key)),
    ...(left ? field(2, iavlExistence(root, left)) : []),
    ...(right ? field(3, iavlExistence(root, right)) : []),
  ];
  return { value: null, storeProof: Uint8Array.from(field(2, absent)) };
}

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

function simpleRoot(items: readonly Uint8Array[]): Buffer {
  if (items.length === 1) return sha256(Uint8Array.of(0), items[0]);
  let split = 1;
  while (split * 2 < items.length) split *= 2;
  return sha256(Uint8Array.of(1), simpleRoot(items.slice(0, split)), simpleRoot(items.slice(split)));
}

/** Inner ops from leaf `index` of an RFC 6962 tree up to its root, leaf first. */
function simplePath(items: readonly Uint8Array[], index: number): number[][] {
  if (items.length === 1) return [];
  let split = 1;
  while (split * 2 < items.length) split *= 2;
  if (index < split) {
    const right = simpleRoot(items.slice(split));
    return [...simplePath(items.slice(0, split), index), innerOp([1], right)];
  }
  const left = simpleRoot(items.slice(0, split));
  return [...simplePath(items.slice(split), index - split), innerOp([1, ...left], [])];
}

/** The CommitmentProof (ics23:simple) of a store's root under its name in the app hash. */
export function proveStoreRoot(stores: StoreRoots, name: string): Uint8Array {
  const names = sortedStoreNames(stores);
  const index = names.indexOf(name);
  if (index === -1) throw new Error(`no store ${name}`);
  const root = stores.get(name) ?? null;
  if (root === null) throw new Error(`store ${name} is empty`);
  const existence = [
    ...field(1, Buffer.from(name)),
    ...field(2, hashOf(root)),
    ...field(3, leafOp([0])),
    ...simplePath(storeLeaves(stores), index).flatMap((op) => field(4, op)),
  ];
  return Uint8Array.from(field(1, existence));
}
