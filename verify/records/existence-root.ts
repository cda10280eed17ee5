import { ics23 } from '@confio/ics23';
import { ensureSpec } from '@confio/ics23/build/proofs.js';

import { bytesEqual, concatBytes, sha256, uvarint } from '../bytes.ts';

// The same check as @confio/ics23's verifyExistence — the proof fits the spec, its root is the
// one given, its key and value are the ones asked — with the root computed over byte arrays.
// The library builds each step's preimage by spreading three arrays into a new one: on a
// proposal of 2,000 votes walked complete, some 80,000 steps, over half of the whole check's time
// (docs/benchmarks.md). ensureSpec is the library's own; what it admits for the IAVL and
// Tendermint specs (SHA-256 leaves and steps, the value prehashed, lengths as protobuf varints)
// is what is computed here, and any other operation is refused rather than guessed.

const { HashOp, LengthOp } = ics23;

const refuse = (what: string): never => {
  throw new Error(`unsupported proof operation: ${what}`);
};

/** The leaf's hash: SHA-256(prefix ‖ varint(len key) ‖ key ‖ varint(32) ‖ SHA-256(value)). */
export function leafHash(leaf: ics23.ILeafOp, key: Uint8Array, value: Uint8Array): Uint8Array {
  if (leaf.hash !== HashOp.SHA256) refuse('a leaf not hashed with SHA-256');
  if ((leaf.prehashKey ?? HashOp.NO_HASH) !== HashOp.NO_HASH) refuse('a prehashed key');
  if (leaf.prehashValue !== HashOp.SHA256) refuse('a value not prehashed with SHA-256');
  if (leaf.length !== LengthOp.VAR_PROTO) refuse('lengths not as protobuf varints');
  const valueHash = sha256(value);
  return sha256(
    concatBytes(
      leaf.prefix ?? new Uint8Array(),
      Uint8Array.from(uvarint(key.length)),
      key,
      Uint8Array.from(uvarint(valueHash.length)),
      valueHash,
    ),
  );
}

/** From a child's hash up one inner step: SHA-256(prefix ‖ child ‖ suffix). */
export function innerHash(step: ics23.IInnerOp, child: Uint8Array): Uint8Array {
  if (step.hash !== HashOp.SHA256) refuse('an inner step not hashed with SHA-256');
  if (child.length === 0) throw new Error('Inner op needs child value');
  return sha256(concatBytes(step.prefix ?? new Uint8Array(), child, step.suffix ?? new Uint8Array()));
}

/** The root a proof leads to from `value` under its key (an empty value hashed like any other). */
export function existenceRoot(proof: ics23.IExistenceProof, value: Uint8Array): Uint8Array {
  if (!proof.leaf) throw new Error('Existence proof must start with a leaf operation');
  let hash = leafHash(proof.leaf, proof.key ?? new Uint8Array(), value);
  for (const step of proof.path ?? []) hash = innerHash(step, hash);
  return hash;
}

/** Throws unless `proof` fits `spec` and proves `key` holds `value` under `root`. */
export function verifyExistenceFast(
  proof: ics23.IExistenceProof,
  spec: ics23.IProofSpec,
  root: Uint8Array,
  key: Uint8Array,
  value: Uint8Array,
): void {
  ensureSpec(proof, spec);
  if (!proof.key || !proof.value) throw new Error('Existence proof needs key and value set');
  if (proof.key.length === 0) throw new Error('Missing key');
  if (proof.value.length === 0) throw new Error('Missing value');
  if (!bytesEqual(existenceRoot(proof, proof.value), root)) throw new Error('the proof does not lead to the root');
  if (!bytesEqual(key, proof.key)) throw new Error('the proof is of another key');
  if (!bytesEqual(value, proof.value)) throw new Error('the proof is of another value');
}
