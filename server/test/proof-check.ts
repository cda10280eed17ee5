import { createHash } from 'node:crypto';

import { iavlSpec, ics23, tendermintSpec, verifyExistence, verifyNonExistence } from '@confio/ics23';
import { applyInner } from '@confio/ics23/build/ops';
import { ensureLeftNeighbor, ensureSpec } from '@confio/ics23/build/proofs';

// Checks an abci_query answer's proofs with @confio/ics23, as a client does: the key in its
// store (ics23:iavl), then the store's root in the app hash (ics23:simple). One gap is filled:
// the library refuses to hash a leaf with an empty value, which IAVL hashes like any other (the
// value is prehashed) and which x/group's index entries all are; such a neighbour of an absent
// key is checked by hashing its leaf here and folding its path with the library's own steps.

export interface ProofOpJson {
  type: string;
  key: string;
  data: string;
}

const fromBase64 = (text: string) => Uint8Array.from(Buffer.from(text, 'base64'));

function uvarint(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return out;
}

/** The root an existence proof of an empty value leads to (IAVL leaf: prefix, key, SHA-256 of nothing). */
function emptyValueRoot(proof: ics23.IExistenceProof): Uint8Array {
  const key = proof.key ?? new Uint8Array();
  const valueHash = createHash('sha256').digest();
  let hash: Uint8Array = createHash('sha256')
    .update(proof.leaf?.prefix ?? new Uint8Array())
    .update(Uint8Array.from([...uvarint(key.length), ...key, ...uvarint(valueHash.length), ...valueHash]))
    .digest();
  for (const step of proof.path ?? []) hash = applyInner(step, hash);
  return hash;
}

function checkSide(side: ics23.IExistenceProof, root: Uint8Array): void {
  if (side.value && side.value.length > 0) {
    verifyExistence(side, iavlSpec, root, side.key ?? new Uint8Array(), side.value);
    return;
  }
  ensureSpec(side, iavlSpec);
  if (Buffer.compare(emptyValueRoot(side), root) !== 0) throw new Error('a neighbour does not lead to the root');
}

function verifyAbsence(proof: ics23.INonExistenceProof, root: Uint8Array, key: Uint8Array): void {
  const empty = (side: ics23.IExistenceProof | null | undefined) => !!side && (side.value?.length ?? 0) === 0;
  if (!empty(proof.left) && !empty(proof.right)) {
    verifyNonExistence(proof, iavlSpec, root, key);
    return;
  }
  const { left, right } = proof;
  if (!left || !right)
    throw new Error('an absence at the edge of the store with an empty neighbour is not checked here');
  checkSide(left, root);
  checkSide(right, root);
  if (
    Buffer.compare(left.key ?? new Uint8Array(), key) >= 0 ||
    Buffer.compare(key, right.key ?? new Uint8Array()) >= 0
  ) {
    throw new Error('the neighbours do not surround the key');
  }
  const innerSpec = iavlSpec.innerSpec;
  if (!innerSpec) throw new Error('no inner spec');
  ensureLeftNeighbor(innerSpec, left.path ?? [], right.path ?? []);
}

/**
 * Verifies the proofs of an abci_query answer for `key` in `store` against `appHash`: the value's
 * existence (value given) or the key's absence (value null). Throws saying what failed.
 */
export function verifyStoreProof(
  ops: readonly ProofOpJson[],
  store: string,
  key: Uint8Array,
  value: Uint8Array | null,
  appHash: Uint8Array,
): void {
  if (ops.length !== 2 || ops[0].type !== 'ics23:iavl' || ops[1].type !== 'ics23:simple') {
    throw new Error(`expected ics23:iavl then ics23:simple, got ${ops.map((op) => op.type).join(', ')}`);
  }
  const storeProof = ics23.CommitmentProof.decode(fromBase64(ops[0].data));
  const rootProof = ics23.CommitmentProof.decode(fromBase64(ops[1].data));
  const storeExistence = rootProof.exist;
  if (!storeExistence?.value) throw new Error('the simple proof is not an existence proof');
  const storeRoot = storeExistence.value;
  verifyExistence(storeExistence, tendermintSpec, appHash, Buffer.from(store), storeRoot);
  if (value !== null) {
    if (!storeProof.exist) throw new Error('expected an existence proof');
    verifyExistence(storeProof.exist, iavlSpec, storeRoot, key, value);
  } else {
    if (!storeProof.nonexist) throw new Error('expected a non-existence proof');
    verifyAbsence(storeProof.nonexist, storeRoot, key);
  }
}
