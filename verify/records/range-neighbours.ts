import { ics23 } from '@confio/ics23';
import { toBase64 } from '@cosmjs/encoding';

import { bytesField, bytesOfBase64, bytesOfHex, hexOf } from '../bytes.ts';
import type { RangeFactJson } from './key-range.ts';
import type { ProofOpJson } from './store-proof.ts';

// A walk over a range written once per key instead of once per step. Each step's absence proof is
// two existence proofs — the keys either side — and the right one of a step is the left one of the
// next; the proof of the store's root in the app hash is the same for every step. So a bundle may
// carry the neighbours in key order and the store-root proof once: the verifier rebuilds every
// step from them and checks each as before (nothing is trusted that was not checked). A
// 2,500-vote walk shrinks by about half.

/** The compact form: the keys met in order, each as its existence proof (base64). */
export interface RangeNeighboursJson {
  /**
   * The key before the prefix (null: none), each key under it, and the key after the last (null:
   * none); step i is the absence between neighbours i and i + 1.
   */
  neighbours: (string | null)[];
  /** `ics23:simple`: the store's root under its name in the app hash, shared by every step. */
  store_root: ProofOpJson;
}

/** Each step's proof ops rebuilt from the neighbours, or why they cannot be. */
export function stepsOfNeighbours(
  prefixHex: string,
  compact: RangeNeighboursJson,
): RangeFactJson['steps'] | { problem: string } {
  const proofs = compact.neighbours.map((neighbour) => (neighbour === null ? null : bytesOfBase64(neighbour)));
  const prefix = bytesOfHex(prefixHex);
  if (!prefix) return { problem: 'the range has no prefix' };
  const steps: RangeFactJson['steps'] = [];
  for (let index = 0; index + 1 < proofs.length; index += 1) {
    const [left, right] = [proofs[index], proofs[index + 1]];
    let key: Uint8Array;
    if (index === 0) key = prefix;
    else {
      if (!left) return { problem: `neighbour ${index + 1} is not an existence proof` };
      let found: Uint8Array | null | undefined;
      try {
        found = ics23.ExistenceProof.decode(left).key;
      } catch {
        found = null;
      }
      if (!found) return { problem: `neighbour ${index + 1} is not an existence proof` };
      key = Uint8Array.from([...found, 0]);
    }
    const absence = [
      ...bytesField(1, key),
      ...(left ? bytesField(2, left) : []),
      ...(right ? bytesField(3, right) : []),
    ];
    const commitment = Uint8Array.from(bytesField(2, absence));
    steps.push({
      key: hexOf(key),
      proof_ops: [{ type: 'ics23:iavl', key: toBase64(key), data: toBase64(commitment) }, compact.store_root],
    });
  }
  return steps;
}

const sameOp = (left: ProofOpJson | undefined, right: ProofOpJson | undefined) =>
  left !== undefined &&
  right !== undefined &&
  left.type === right.type &&
  left.key === right.key &&
  left.data === right.data;

/**
 * The compact form of a walk, or null when its steps do not chain as a walk does (then it is
 * written out whole, and the verifier says what is wrong with it).
 */
export function neighboursOfSteps(steps: RangeFactJson['steps']): RangeNeighboursJson | null {
  const storeRoot = steps[0]?.proof_ops[1];
  if (!storeRoot) return null;
  const neighbours: (string | null)[] = [];
  for (const [index, step] of steps.entries()) {
    if (step.proof_ops.length !== 2 || !sameOp(step.proof_ops[1], storeRoot)) return null;
    const bytes = bytesOfBase64(step.proof_ops[0].data);
    let absence: ics23.INonExistenceProof | null | undefined;
    try {
      absence = bytes ? ics23.CommitmentProof.decode(bytes).nonexist : null;
    } catch {
      absence = null;
    }
    if (!absence) return null;
    const encoded = (proof: ics23.IExistenceProof | null | undefined) =>
      proof ? toBase64(ics23.ExistenceProof.encode(proof).finish()) : null;
    const left = encoded(absence.left);
    if (index === 0) neighbours.push(left);
    else if (left !== neighbours.at(-1)) return null;
    neighbours.push(encoded(absence.right));
  }
  return { neighbours, store_root: storeRoot };
}

/** A range as a bundle writes it: by its neighbours where its steps chain, else step by step. */
export function writtenRange(
  fact: RangeFactJson,
): RangeFactJson | (Omit<RangeFactJson, 'steps'> & RangeNeighboursJson) {
  const compact = neighboursOfSteps(fact.steps);
  if (!compact) return fact;
  return {
    kind: fact.kind,
    height: fact.height,
    store: fact.store,
    prefix: fact.prefix,
    ...compact,
    claim: fact.claim,
  };
}
