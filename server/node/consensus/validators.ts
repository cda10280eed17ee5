import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';

import { merkleRoot } from '../../lib/cometbft-hash.ts';
import { bytesField, messageField, varintField } from './proto-bytes.ts';

// The simulated chain's validators: ed25519 keys derived from the chain's seed, a set that
// changes now and then (a validator joins, leaves, changes power: what a light client must
// follow), and the set's hash as CometBFT computes it. The set at a height is a pure function of
// (seed, height), so a restarted node, a replay and a snapshot all agree without storing it.
// These keys sign only the simulated chain's own blocks.

export interface Validator {
  /** The first 20 bytes of the SHA-256 of the public key, upper hex. */
  readonly address: string;
  readonly pubKey: Uint8Array;
  readonly power: bigint;
  readonly privateKey: KeyObject;
}

/** How many blocks a validator set lasts before the next change (an "epoch"). */
export const EPOCH_BLOCKS = 50n;

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

const sha256 = (text: string) => createHash('sha256').update(text).digest();

interface Key {
  readonly address: string;
  readonly pubKey: Uint8Array;
  readonly privateKey: KeyObject;
}

const keyCache = new Map<string, Key>();

/** Validator `index`'s key: its ed25519 seed is a hash of the chain seed and the index. */
function keyOf(seed: string, index: number): Key {
  const id = `${seed}\u0000${index}`;
  let key = keyCache.get(id);
  if (!key) {
    const privateKey = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519_PREFIX, sha256(`${seed}\u0000validator\u0000${index}`)]),
      format: 'der',
      type: 'pkcs8',
    });
    // The raw public key is the last 32 bytes of its SPKI encoding.
    const pubKey = Uint8Array.from(createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(12));
    const address = createHash('sha256').update(pubKey).digest().subarray(0, 20).toString('hex').toUpperCase();
    key = { address, pubKey, privateKey };
    keyCache.set(id, key);
  }
  return key;
}

/**
 * The set that signs block `height`: three validators always, two more that come and go by
 * epoch, and the largest one's power moving by epoch. Ordered as CometBFT orders a set: by power,
 * largest first, then by address.
 */
export function validatorSetAt(seed: string, height: bigint): Validator[] {
  const epoch = height / EPOCH_BLOCKS;
  const roll = sha256(`${seed}\u0000epoch\u0000${epoch}`);
  const members: { index: number; power: bigint }[] = [
    { index: 0, power: 40_000n + BigInt(roll[0] % 4) * 1_000n },
    { index: 1, power: 30_000n },
    { index: 2, power: 20_000n },
  ];
  if (roll[1] % 3 !== 0) members.push({ index: 3, power: 10_000n });
  if (roll[2] % 2 === 0) members.push({ index: 4, power: 5_000n });
  return members
    .map(({ index, power }) => ({ ...keyOf(seed, index), power }))
    .sort((a, b) => (a.power !== b.power ? (a.power > b.power ? -1 : 1) : a.address < b.address ? -1 : 1));
}

/** SimpleValidator{pub_key: PublicKey{ed25519}, voting_power}: what a set's hash is made of. */
export function simpleValidatorBytes(pubKey: Uint8Array, power: bigint): Uint8Array {
  const publicKey = bytesField(1, pubKey);
  return Uint8Array.from([...messageField(1, publicKey), ...varintField(2, power)]);
}

/** ValidatorSet.Hash(): the RFC 6962 root of the validators' SimpleValidator bytes, in set order. */
export function validatorSetHash(validators: readonly Pick<Validator, 'pubKey' | 'power'>[]): Buffer {
  return merkleRoot(validators.map((validator) => simpleValidatorBytes(validator.pubKey, validator.power)));
}

export const totalPower = (validators: readonly Pick<Validator, 'power'>[]) =>
  validators.reduce((sum, validator) => sum + validator.power, 0n);

/** The proposer of a height: a deterministic draw weighted by power (not CometBFT's rotation). */
export function proposerOf(seed: string, height: bigint, validators: readonly Validator[]): Validator {
  const draw = sha256(`${seed}\u0000proposer\u0000${height}`).readBigUInt64BE() % totalPower(validators);
  let passed = 0n;
  for (const validator of validators) {
    passed += validator.power;
    if (draw < passed) return validator;
  }
  return validators[0];
}

export const signWith = (validator: Validator, message: Uint8Array) => sign(null, message, validator.privateKey);
