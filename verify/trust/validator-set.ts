import { SimpleValidator } from 'cosmjs-types/tendermint/types/validator';

import { bytesOfBase64, hexOf, sha256 } from '../bytes.ts';
import { failed, refusal, type Checked } from '../problem-codes.ts';
import { merkleRoot } from '../records/merkle.ts';
import { validatorSetBoundsProblem } from './bounds.ts';
import type { ValidatorJson } from './rpc-json.ts';
import { VerifierMemory, type SetHash } from './verifier-memory.ts';

// A validator set as CometBFT's RPC `/validators` writes it, and its hash (types/validator_set.go
// Hash: the Merkle root of each validator's SimpleValidator bytes, in the set's order).

export type { ValidatorJson } from './rpc-json.ts';

export const ED25519_KEY_TYPE = 'tendermint/PubKeyEd25519';

/**
 * The set's hash in upper hex and its total power, or why CometBFT would refuse the set (bounds,
 * duplicates, order, keys): a set is checked whole before anything is counted or cached.
 */
export function validatorSetHashOf(
  validators: readonly ValidatorJson[],
  memory: VerifierMemory = new VerifierMemory(),
): SetHash {
  // JSON, not joined text: fields are the node's words, and no two sets may share a key.
  const said = JSON.stringify(
    validators.map((validator) => [
      validator.address,
      validator.pub_key.type,
      validator.pub_key.value,
      validator.voting_power,
    ]),
  );
  return memory.setHash(said, () => hashSet(validators));
}

function hashSet(validators: readonly ValidatorJson[]): SetHash {
  const bounded = validatorSetBoundsProblem(validators);
  if (failed(bounded)) return bounded;
  const leaves: Uint8Array[] = [];
  for (const validator of validators) {
    const key = bytesOfBase64(validator.pub_key.value);
    if (validator.pub_key.type !== ED25519_KEY_TYPE || !key || key.length !== 32) {
      return refusal('key-not-ed25519', `validator ${validator.address} has a key that is not an ed25519 key`);
    }
    if (addressOfKey(key) !== validator.address.toUpperCase()) {
      return refusal('address-not-of-key', `validator ${validator.address} does not own the key given for it`);
    }
    leaves.push(
      SimpleValidator.encode({ pubKey: { ed25519: key }, votingPower: BigInt(validator.voting_power) }).finish(),
    );
  }
  return { hash: hexOf(merkleRoot(leaves)), total: bounded.total };
}

/** CometBFT's order (power descending, then address): how it keeps a genesis's validators. */
export const inCometOrder = (validators: readonly ValidatorJson[]): ValidatorJson[] =>
  [...validators].sort((left, right) => {
    const leftPower = /^\d{1,25}$/.test(left.voting_power) ? BigInt(left.voting_power) : 0n;
    const rightPower = /^\d{1,25}$/.test(right.voting_power) ? BigInt(right.voting_power) : 0n;
    if (leftPower !== rightPower) return leftPower > rightPower ? -1 : 1;
    const leftAddress = left.address.toUpperCase();
    const rightAddress = right.address.toUpperCase();
    return leftAddress < rightAddress ? -1 : leftAddress > rightAddress ? 1 : 0;
  });

/** A validator's address: the first 20 bytes of the SHA-256 of its ed25519 key. */
export function addressOfKey(publicKey: Uint8Array): string {
  return hexOf(sha256(publicKey).slice(0, 20));
}

/** The set's total power, or why the set is refused: a power is never added up before it is bounded. */
export function totalPowerOf(
  validators: readonly ValidatorJson[],
  memory?: VerifierMemory,
): Checked<{ total: bigint }> {
  const checked = validatorSetHashOf(validators, memory);
  return failed(checked) ? checked : { total: checked.total };
}

/** "205AE2C8… 100, 515E47F5… 100": a set in a line a refusal can show. */
export const setWords = (validators: readonly ValidatorJson[]) =>
  validators.map((validator) => `${validator.address.slice(0, 8)}… ${validator.voting_power}`).join(', ');
