import { bytesEqual, sha256 } from '../bytes.ts';

// CometBFT's simple Merkle tree (crypto/merkle, RFC 6962): data_hash over transactions,
// last_results_hash over results, validators_hash over validators, the header's hash over its
// fields. Inclusion paths are CometBFT's `merkle.Proof` (total, index, aunts).

const leafHash = (leaf: Uint8Array) => sha256(Uint8Array.of(0), leaf);
const innerHash = (left: Uint8Array, right: Uint8Array) => sha256(Uint8Array.of(1), left, right);

/** The largest power of two strictly below `count` (count ≥ 2). */
function splitPoint(count: number): number {
  let split = 1;
  while (split * 2 < count) split *= 2;
  return split;
}

export function merkleRoot(items: readonly Uint8Array[]): Uint8Array {
  if (items.length === 0) return sha256(new Uint8Array());
  if (items.length === 1) return leafHash(items[0]);
  const split = splitPoint(items.length);
  return innerHash(merkleRoot(items.slice(0, split)), merkleRoot(items.slice(split)));
}

/** CometBFT's `merkle.Proof`, hashes in base64 as the RPC's `/tx?prove=true` writes them. */
export interface MerklePath {
  total: number;
  index: number;
  aunts: Uint8Array[];
}

/** The aunts of item `index`, from the leaf's sibling up to the root's child. */
export function merklePathOf(items: readonly Uint8Array[], index: number): MerklePath {
  const aunts: Uint8Array[] = [];
  const collect = (slice: readonly Uint8Array[], position: number): void => {
    if (slice.length <= 1) return;
    const split = splitPoint(slice.length);
    if (position < split) {
      collect(slice.slice(0, split), position);
      aunts.push(merkleRoot(slice.slice(split)));
    } else {
      collect(slice.slice(split), position - split);
      aunts.push(merkleRoot(slice.slice(0, split)));
    }
  };
  collect(items, index);
  return { total: items.length, index, aunts };
}

function rootFromAunts(
  index: number,
  total: number,
  leaf: Uint8Array,
  aunts: readonly Uint8Array[],
): Uint8Array | null {
  if (index >= total || index < 0 || total <= 0) return null;
  if (total === 1) return aunts.length === 0 ? leaf : null;
  if (aunts.length === 0) return null;
  const split = splitPoint(total);
  const last = aunts[aunts.length - 1];
  const rest = aunts.slice(0, -1);
  if (index < split) {
    const left = rootFromAunts(index, split, leaf, rest);
    return left && innerHash(left, last);
  }
  const right = rootFromAunts(index - split, total - split, leaf, rest);
  return right && innerHash(last, right);
}

/** Whether `item` sits at the path's index in a tree whose root is `root`. */
export function merklePathLeadsTo(path: MerklePath, item: Uint8Array, root: Uint8Array): boolean {
  const computed = rootFromAunts(path.index, path.total, leafHash(item), path.aunts);
  return computed !== null && bytesEqual(computed, root);
}
