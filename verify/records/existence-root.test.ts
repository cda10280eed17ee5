import { calculateExistenceRoot, iavlSpec, ics23, verifyExistence } from '@confio/ics23';
import { fromBase64, fromHex } from '@cosmjs/encoding';
import { describe, expect, it } from 'vitest';

import { realProofs } from '../testing/real-node.ts';
import { existenceRoot, verifyExistenceFast } from './existence-root.ts';

// The fast existence check computes what @confio/ics23 computes, on every existence proof a real
// node gave (the records' and their neighbours'), and refuses what the library refuses.

const existenceProofs = realProofs.proofs.flatMap((sample) => {
  const decoded = ics23.CommitmentProof.decode(fromBase64(sample.ops[0].data));
  return [decoded.exist, decoded.nonexist?.left, decoded.nonexist?.right].filter(
    (proof): proof is ics23.ExistenceProof => !!proof && (proof.value?.length ?? 0) > 0,
  );
});

describe('existence proofs, computed over byte arrays', () => {
  it('reach the same root as the library on every real proof', () => {
    expect(existenceProofs.length).toBeGreaterThanOrEqual(5);
    for (const proof of existenceProofs)
      expect(existenceRoot(proof, proof.value)).toEqual(calculateExistenceRoot(proof));
  });

  it('refuse what the library refuses: another root, key or value, an operation the spec does not allow', () => {
    const [proof] = existenceProofs;
    const root = calculateExistenceRoot(proof);
    const refusedByBoth = (change: (copy: ics23.ExistenceProof) => void, against = root) => {
      const copy = ics23.ExistenceProof.decode(ics23.ExistenceProof.encode(proof).finish());
      change(copy);
      const key = proof.key;
      const value = proof.value;
      expect(() => verifyExistence(copy, iavlSpec, against, key, value)).toThrow();
      expect(() => verifyExistenceFast(copy, iavlSpec, against, key, value)).toThrow();
    };
    expect(() => verifyExistenceFast(proof, iavlSpec, root, proof.key, proof.value)).not.toThrow();
    refusedByBoth(() => undefined, fromHex('00'.repeat(32)));
    refusedByBoth((copy) => (copy.value = Uint8Array.from([...(copy.value ?? []), 1])));
    refusedByBoth((copy) => (copy.key = Uint8Array.from([...(copy.key ?? []), 1])));
    refusedByBoth((copy) => (copy.path[0].prefix = Uint8Array.from([...(copy.path[0].prefix ?? []), 0])));
    refusedByBoth((copy) => {
      if (copy.leaf) copy.leaf.prehashValue = ics23.HashOp.NO_HASH;
    });
    refusedByBoth((copy) => (copy.path[0].hash = ics23.HashOp.SHA512));
  });
});
