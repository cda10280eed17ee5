import { ed25519 } from '@noble/curves/ed25519.js';

import { bytesField, bytesOfBase64, messageField, utf8, uvarint, varintField } from '../bytes.ts';
import { failed, refusal, type Checked, type Refusal } from '../problem-codes.ts';
import { commitBoundsProblem } from './bounds.ts';
import { blockIdBytes, timestampBytes, timestampOf, type BlockIdJson } from './header.ts';
import type { CommitJson, CommitSigJson } from './rpc-json.ts';
import { addressOfKey, totalPowerOf, type ValidatorJson } from './validator-set.ts';
import { VerifierMemory } from './verifier-memory.ts';

// A commit: the precommits of the validators for one block. CometBFT's rules
// (types/validator_set.go VerifyCommitLight, VerifyCommitLightTrusting), with signatures checked
// by ZIP-215's rules as CometBFT checks ed25519 — and one rule stricter: every signature that
// claims to be for the block must verify, not only the first 2/3 of the power.

export type { CommitJson, CommitSigJson } from './rpc-json.ts';

export const BLOCK_ID_FLAG_COMMIT = 2;

const sfixed64 = (field: number, value: bigint) => {
  if (value === 0n) return [];
  if (value < -(1n << 63n) || value >= 1n << 63n) throw new RangeError(`${value} is not within int64`);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigInt64(0, value, true);
  return [(field << 3) | 1, ...bytes];
};

/**
 * The parts of a commit's CanonicalVote its precommits share (all but the timestamp), worked out
 * once per commit and verification: a bundle's walk and the native pre-check both ask for every
 * signature's bytes.
 */
function sharedPartsOf(chainId: string, commit: CommitJson, memory: VerifierMemory) {
  let parts = memory.signParts.get(commit);
  if (parts === undefined || (parts !== null && parts.chainId !== chainId)) {
    const blockId = blockIdBytes(commit.block_id);
    const bounded = /^\d{1,19}$/.test(commit.height) && BigInt(commit.height) < 1n << 63n;
    const roundBounded = Number.isSafeInteger(commit.round) && commit.round >= 0 && commit.round < 2 ** 31;
    parts =
      blockId && bounded && roundBounded
        ? {
            chainId,
            head: [
              ...varintField(1, 2),
              ...sfixed64(2, BigInt(commit.height)),
              ...sfixed64(3, BigInt(commit.round)),
              ...bytesField(4, blockId),
            ],
            chain: bytesField(6, utf8(chainId)),
          }
        : null;
    memory.signParts.set(commit, parts);
  }
  return parts;
}

/** CanonicalVote of a precommit for the commit's block, length-delimited (types.VoteSignBytes). */
export function precommitSignBytes(
  chainId: string,
  commit: CommitJson,
  timestamp: string,
  memory: VerifierMemory = new VerifierMemory(),
): Uint8Array | null {
  const time = timestampOf(timestamp);
  const parts = sharedPartsOf(chainId, commit, memory);
  if (!time || !parts) return null;
  const vote = [...parts.head, ...messageField(5, timestampBytes(time)), ...parts.chain];
  return Uint8Array.from([...uvarint(vote.length), ...vote]);
}

export interface PowerSigned {
  signed: bigint;
  total: bigint;
}

/** "58 %" of the power, rounded down so 66.9 % never reads as 67 %. */
export const shareOf = ({ signed, total }: PowerSigned) => (total === 0n ? '0 %' : `${(signed * 100n) / total} %`);

/** A signature verifies by ZIP-215's rules, as CometBFT checks ed25519; successes are remembered. */
function verifies(signature: Uint8Array, message: Uint8Array, key: Uint8Array, memory: VerifierMemory): boolean {
  if (memory.signatureSeen(signature, message, key)) return true;
  if (!ed25519.verify(signature, message, key, { zip215: true })) return false;
  memory.rememberSignature(signature, message, key);
  return true;
}

/** The key, signature and signed bytes of one precommit, or null when it is not well formed. */
export function precommitSignature(
  chainId: string,
  commit: CommitJson,
  sig: CommitSigJson,
  validator: ValidatorJson,
  memory: VerifierMemory,
): { key: Uint8Array; signature: Uint8Array; message: Uint8Array } | null {
  const key = bytesOfBase64(validator.pub_key.value);
  const signature = bytesOfBase64(sig.signature ?? '');
  const message = precommitSignBytes(chainId, commit, sig.timestamp, memory);
  if (!key || !signature || signature.length !== 64 || !message) return null;
  return { key, signature, message };
}

function signatureProblem(
  chainId: string,
  commit: CommitJson,
  sig: CommitSigJson,
  validator: ValidatorJson,
  memory: VerifierMemory,
): Refusal | null {
  const precommit = precommitSignature(chainId, commit, sig, validator, memory);
  if (!precommit)
    return refusal(
      'signature-malformed',
      `commit at ${commit.height}: the signature of ${sig.validator_address} is not well formed`,
    );
  const { key, signature, message } = precommit;
  if (addressOfKey(key) !== validator.address.toUpperCase()) {
    return refusal(
      'address-not-of-key',
      `commit at ${commit.height}: validator ${validator.address} does not own the key given for it`,
    );
  }
  if (!verifies(signature, message, key, memory)) {
    return refusal(
      'signature-invalid',
      `commit at ${commit.height}: the signature of ${sig.validator_address} does not verify`,
    );
  }
  return null;
}

/**
 * The commit is for `blockId` at `height`, its signatures are those of `validators` in order,
 * each verifies, and they hold more than 2/3 of the set's power.
 */
export function verifyCommitLight(
  chainId: string,
  validators: readonly ValidatorJson[],
  blockId: BlockIdJson,
  height: string,
  commit: CommitJson,
  memory: VerifierMemory = new VerifierMemory(),
): Checked<PowerSigned> {
  const total = totalPowerOf(validators, memory);
  if (failed(total)) return total;
  const bounds = commitBoundsProblem(commit);
  if (bounds) return bounds;
  if (commit.height !== height)
    return refusal('commit-mismatch', `the commit is for height ${commit.height}, not ${height}`);
  if (commit.block_id.hash.toUpperCase() !== blockId.hash.toUpperCase()) {
    return refusal('commit-mismatch', `commit at ${height} signs block ${commit.block_id.hash}, not ${blockId.hash}`);
  }
  if (commit.signatures.length !== validators.length) {
    return refusal(
      'commit-mismatch',
      `commit at ${height} has ${commit.signatures.length} signatures for a set of ${validators.length} validators`,
    );
  }
  let signed = 0n;
  for (const [index, sig] of commit.signatures.entries()) {
    if (sig.block_id_flag !== BLOCK_ID_FLAG_COMMIT) continue;
    const validator = validators[index];
    if (sig.validator_address.toUpperCase() !== validator.address.toUpperCase()) {
      return refusal(
        'commit-mismatch',
        `commit at ${height}: signature ${index} is by ${sig.validator_address}, not ${validator.address}`,
      );
    }
    const problem = signatureProblem(chainId, commit, sig, validator, memory);
    if (problem) return problem;
    signed += BigInt(validator.voting_power);
  }
  if (signed * 3n <= total.total * 2n) {
    return refusal(
      'too-little-power',
      `commit at ${height}: ${shareOf({ signed, total: total.total })} of the power signed, more than 2/3 needed`,
    );
  }
  return { signed, total: total.total };
}

/**
 * Skipping: validators of an earlier trusted set, found by address, signed the commit with more
 * than `trustLevel` of that set's power (CometBFT's default 1/3). Each validator counts once.
 */
export function verifyCommitLightTrusting(
  chainId: string,
  trustedValidators: readonly ValidatorJson[],
  commit: CommitJson,
  trustLevel: { numerator: bigint; denominator: bigint },
  memory: VerifierMemory = new VerifierMemory(),
): Checked<PowerSigned> {
  const total = totalPowerOf(trustedValidators, memory);
  if (failed(total)) return total;
  const bounds = commitBoundsProblem(commit);
  if (bounds) return bounds;
  const byAddress = new Map(trustedValidators.map((validator) => [validator.address.toUpperCase(), validator]));
  const seen = new Set<string>();
  let signed = 0n;
  for (const sig of commit.signatures) {
    if (sig.block_id_flag !== BLOCK_ID_FLAG_COMMIT) continue;
    const address = sig.validator_address.toUpperCase();
    const validator = byAddress.get(address);
    if (!validator) continue;
    if (seen.has(address)) return refusal('double-signed', `commit at ${commit.height}: ${address} signed twice`);
    seen.add(address);
    const problem = signatureProblem(chainId, commit, sig, validator, memory);
    if (problem) return problem;
    signed += BigInt(validator.voting_power);
  }
  if (signed * trustLevel.denominator <= total.total * trustLevel.numerator) {
    return refusal(
      'too-little-trusted-power',
      `commit at ${commit.height}: the trusted validators signed ${shareOf({ signed, total: total.total })} of their power, more than ${trustLevel.numerator}/${trustLevel.denominator} needed`,
    );
  }
  return { signed, total: total.total };
}
