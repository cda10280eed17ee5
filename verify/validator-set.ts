import { SimpleValidator } from 'cosmjs-types/tendermint/types/validator';

import { bytesOfBase64, hexOf, sha256 } from './bytes.ts';
import { merkleRoot } from './merkle.ts';

// A validator set as CometBFT's RPC `/validators` writes it, and its hash (types/validator_set.go
// Hash: the Merkle root of each validator's SimpleValidator bytes, in the set's order).

export interface ValidatorJson {
  address: string;
  pub_key: { type: string; value: string };
  voting_power: string;
  proposer_priority?: string;
}

export const ED25519_KEY_TYPE = 'tendermint/PubKeyEd25519';

type SetHash = { hash: string } | { problem: string };

/**
 * Sets hashed lately, by what the hash depends on: a bundle carries the same set with each of its
 * thousands of headers, and hashing it again each time was a third of checking a header.
 */
const hashedSets = new Map<string, SetHash>();
const SETS_REMEMBERED = 64;

/** The set's hash in upper hex, or why it has none. */
export function validatorSetHashOf(validators: readonly ValidatorJson[]): SetHash {
  // JSON, not joined text: fields are the node's words, and no two sets may share a key.
  const said = JSON.stringify(
    validators.map((validator) => [
      validator.address,
      validator.pub_key.type,
      validator.pub_key.value,
      validator.voting_power,
    ]),
  );
  const remembered = hashedSets.get(said);
  if (remembered) return remembered;
  const hashed = hashSet(validators);
  if (hashedSets.size >= SETS_REMEMBERED) hashedSets.clear();
  hashedSets.set(said, hashed);
  return hashed;
}

function hashSet(validators: readonly ValidatorJson[]): SetHash {
  const leaves: Uint8Array[] = [];
  for (const validator of validators) {
    const key = bytesOfBase64(validator.pub_key.value);
    if (validator.pub_key.type !== ED25519_KEY_TYPE || !key || key.length !== 32) {
      return { problem: `validator ${validator.address} has a key that is not an ed25519 key` };
    }
    if (!/^\d+$/.test(validator.voting_power)) {
      return { problem: `validator ${validator.address} has a voting power that is not a number` };
    }
    leaves.push(
      SimpleValidator.encode({ pubKey: { ed25519: key }, votingPower: BigInt(validator.voting_power) }).finish(),
    );
  }
  return { hash: hexOf(merkleRoot(leaves)) };
}

/** A validator's address: the first 20 bytes of the SHA-256 of its ed25519 key. */
export function addressOfKey(publicKey: Uint8Array): string {
  return hexOf(sha256(publicKey).slice(0, 20));
}

export const totalPowerOf = (validators: readonly ValidatorJson[]) =>
  validators.reduce((sum, validator) => sum + BigInt(validator.voting_power), 0n);
