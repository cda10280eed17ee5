import { storeProofProblem, type ProofOpJson } from '../../verify/records/store-proof.ts';

// The node's abci_query answers, checked by the archive's and auditors' own verifier (verify/),
// which is tested on a real node's proofs: a node test fails when the node proves what a client
// would refuse.

export type { ProofOpJson };

/** Throws what failed when `key` in `store` does not hold `value` (null: is not absent) under `appHash`. */
export function verifyStoreProof(
  ops: readonly ProofOpJson[],
  store: string,
  key: Uint8Array,
  value: Uint8Array | null,
  appHash: Uint8Array,
): void {
  const problem = storeProofProblem(ops, store, key, value, appHash);
  if (problem) throw new Error(problem);
}
