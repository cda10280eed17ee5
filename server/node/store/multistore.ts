import { createHash } from 'node:crypto';

import { merkleRoot } from '../../lib/cometbft-hash.ts';
import { uvarint } from '../../lib/protobuf-varint.ts';
import { hashOf, rootHash } from './iavl-hash.ts';
import type { TreeNode } from './iavl-tree.ts';

// The app hash as the SDK's rootmulti store computes it (CommitInfo.Hash): the RFC 6962 root of
// each store's name and the SHA-256 of its IAVL root, as length-prefixed pairs in name order.

/** Each store's tree at one height, by store name. */
export type StoreRoots = ReadonlyMap<string, TreeNode | null>;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** kv.Pair's bytes: the key and the value, each behind its uvarint length. */
export function kvPairBytes(key: Uint8Array, value: Uint8Array): Uint8Array {
  return Uint8Array.from([...uvarint(key.length), ...key, ...uvarint(value.length), ...value]);
}

export const sortedStoreNames = (stores: StoreRoots) => [...stores.keys()].sort();

/** The leaves of the commit info's tree: one per store, in name order. */
export function storeLeaves(stores: StoreRoots): Uint8Array[] {
  return sortedStoreNames(stores).map((name) => {
    const root = stores.get(name) ?? null;
    return kvPairBytes(Buffer.from(name), sha256(root === null ? rootHash(null) : hashOf(root)));
  });
}

export const appHashOf = (stores: StoreRoots) => merkleRoot(storeLeaves(stores));
