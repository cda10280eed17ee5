import { iavlSpec, ics23, tendermintSpec, verifyNonExistence } from '@confio/ics23';
import { ensureLeftNeighbor, ensureSpec } from '@confio/ics23/build/proofs.js';

import { bytesEqual, bytesOfBase64, compareBytes, utf8 } from '../bytes.ts';
import { existenceRoot, verifyExistenceFast } from './existence-root.ts';

// A store record proven against an app hash, as the SDK's rootmulti store answers abci_query with
// prove=true: `ics23:iavl` from the key (and value) to the module store's root, then
// `ics23:simple` from that root, under the store's name, to the app hash. @confio/ics23 checks
// both; one gap is filled here: the library refuses to hash a leaf whose value is empty, which
// IAVL hashes like any other (the value is prehashed) and which every x/group index entry is —
// without it the absence of most pruned proposals could not be proven.

export interface ProofOpJson {
  type: string;
  key: string;
  data: string;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

function checkNeighbour(side: ics23.IExistenceProof, root: Uint8Array): void {
  if (side.value && side.value.length > 0) {
    verifyExistenceFast(side, iavlSpec, root, side.key ?? new Uint8Array(), side.value);
    return;
  }
  ensureSpec(side, iavlSpec);
  if (!bytesEqual(existenceRoot(side, new Uint8Array()), root))
    throw new Error('a neighbour of the key does not lead to the root');
}

function verifyAbsence(proof: ics23.INonExistenceProof, root: Uint8Array, key: Uint8Array): void {
  const emptyValued = (side: ics23.IExistenceProof | null | undefined) => !!side && (side.value?.length ?? 0) === 0;
  const { left, right } = proof;
  if (!left || !right) {
    // The library checks "beyond the store's last key" only through its own existence check.
    if (emptyValued(left) || emptyValued(right))
      throw new Error('an absence at the edge of the store, next to an index entry, cannot be checked');
    verifyNonExistence(proof, iavlSpec, root, key);
    return;
  }
  // Between two neighbours: each leads to the root, they surround the key, and nothing lies
  // between them (the library's rules, with its existence check made fast: existence-root.ts).
  checkNeighbour(left, root);
  checkNeighbour(right, root);
  if (compareBytes(left.key ?? new Uint8Array(), key) >= 0) throw new Error('the left neighbour is not before the key');
  if (compareBytes(key, right.key ?? new Uint8Array()) >= 0)
    throw new Error('the right neighbour is not after the key');
  const innerSpec = iavlSpec.innerSpec;
  if (!innerSpec) throw new Error('the IAVL spec has no inner spec');
  ensureLeftNeighbor(innerSpec, left.path ?? [], right.path ?? []);
}

/**
 * Whether `key` in store `store` holds `value` (or, when value is null, is absent) in the state
 * whose app hash is `appHash`. Returns null, or what failed.
 */
export function storeProofProblem(
  ops: readonly ProofOpJson[],
  store: string,
  key: Uint8Array,
  value: Uint8Array | null,
  appHash: Uint8Array,
): string | null {
  if (ops.length !== 2 || ops[0].type !== 'ics23:iavl' || ops[1].type !== 'ics23:simple') {
    return `expected proofs ics23:iavl then ics23:simple, got ${ops.map((op) => op.type).join(', ') || 'none'}`;
  }
  const storeBytes = bytesOfBase64(ops[0].data);
  const rootBytes = bytesOfBase64(ops[1].data);
  if (!storeBytes || !rootBytes) return 'a proof is not base64';
  try {
    const storeProof = ics23.CommitmentProof.decode(storeBytes);
    const rootProof = ics23.CommitmentProof.decode(rootBytes);
    const storeExistence = rootProof.exist;
    if (!storeExistence?.value) return `the ${store} store's root is not proven to be in the app hash`;
    try {
      verifyExistenceFast(storeExistence, tendermintSpec, appHash, utf8(store), storeExistence.value);
    } catch (error) {
      return `the ${store} store's root is not in the app hash: ${describe(error)}`;
    }
    const storeRoot = storeExistence.value;
    if (value !== null) {
      if (!storeProof.exist) return 'the proof says the key is absent, not that it holds the value';
      verifyExistenceFast(storeProof.exist, iavlSpec, storeRoot, key, value);
    } else {
      if (!storeProof.nonexist) return 'the proof says the key exists, not that it is absent';
      verifyAbsence(storeProof.nonexist, storeRoot, key);
    }
    return null;
  } catch (error) {
    return `the store proof does not hold: ${describe(error)}`;
  }
}
