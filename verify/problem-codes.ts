// Every refusal the verifier makes carries a stable code beside its sentence: the sentence is for
// people and may be reworded, the code is for scripts, tests and the Go checker, and never changes.

export type ProblemCode =
  /** Not a bundle, or a field that is not what its format says (hex, base64, a time). */
  | 'malformed'
  /** A height, round, part total or version that is not an integer within its protobuf type. */
  | 'integer-out-of-range'
  /** A validator's voting power below 1 or above the largest total CometBFT allows. */
  | 'power-out-of-range'
  /** A set whose powers add up to more than the largest total CometBFT allows. */
  | 'total-power-out-of-range'
  | 'empty-validator-set'
  | 'duplicate-validator'
  /** A set not in CometBFT's order: voting power descending, then address ascending. */
  | 'validator-set-out-of-order'
  | 'key-not-ed25519'
  /** A validator's address is not the one its key gives. */
  | 'address-not-of-key'
  | 'wrong-chain'
  /** The validator set given does not hash to the header's validators_hash. */
  | 'validator-set-mismatch'
  /** A header does not hash to what the trust root, the commit or the header above names. */
  | 'header-hash-mismatch'
  | 'commit-mismatch'
  | 'signature-malformed'
  | 'signature-invalid'
  | 'double-signed'
  /** Two thirds of a set's own power did not sign. */
  | 'too-little-power'
  /** The trusted validators hold no more than the trust level of a skipped-to commit. */
  | 'too-little-trusted-power'
  /** The trusted header is older than the trusting period, measured against the verifier's clock. */
  | 'trusted-header-expired'
  /** A header dated after the verifier's clock (plus the allowed drift). */
  | 'header-from-the-future'
  | 'header-not-after-trusted'
  | 'heights-out-of-order'
  | 'next-validators-mismatch'
  | 'not-linked'
  /** A header a step or fact rests on is not proven. */
  | 'not-proven'
  | 'no-signed-header'
  | 'tx-not-in-block'
  | 'result-not-in-block'
  | 'store-proof-invalid'
  /** A range's absence proofs do not walk from neighbour to neighbour over every key: one may be left out. */
  | 'range-incomplete'
  /** A walk of a prefix that names no set Polity reads, or of a set's prefix in another store than the set's (rule W2). */
  | 'walk-unbound'
  /** A linked header that is not the signed header at its height (rule T4): two headers at one height. */
  | 'conflicting-headers'
  | 'claim-mismatch'
  /** The bundle claims a set complete (or a tally reconciled) that its proven facts do not show. */
  | 'overclaimed'
  /** The genesis is not the one the auditor expected (its SHA-256), or the bundle names none. */
  | 'genesis-mismatch'
  /** A witness named another header than the verified one at the same height. */
  | 'witness-conflict';

export interface Refusal {
  problem: string;
  code: ProblemCode;
}

export const refusal = (code: ProblemCode, problem: string): Refusal => ({ code, problem });

export type Checked<T> = T | Refusal;
export const failed = <T extends object>(result: Checked<T>): result is Refusal => 'problem' in result;
