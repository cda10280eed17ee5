import { toBase64 } from '@cosmjs/encoding';
import { ed25519 } from '@noble/curves/ed25519.js';

import { hexOf, sha256, utf8 } from '../bytes.ts';
import { precommitSignBytes, type CommitJson } from '../trust/commit.ts';
import { headerHashOf, type HeaderJson } from '../trust/header.ts';
import { nanosOfMillis, trustOptionsAt, type LightBlockJson, type TrustOptions } from '../trust/light-block.ts';
import { addressOfKey, ED25519_KEY_TYPE, validatorSetHashOf, type ValidatorJson } from '../trust/validator-set.ts';

// Signed headers made up for tests: any keys, any powers, any signers — what a lying node could
// serve, and what the verifier's rules are tested against.

export interface Signer {
  secretKey: Uint8Array;
  validator: ValidatorJson;
}

export function signerOf(name: string, power: bigint): Signer {
  const secretKey = sha256(utf8(`test validator ${name}`));
  const publicKey = ed25519.getPublicKey(secretKey);
  return {
    secretKey,
    validator: {
      address: addressOfKey(publicKey),
      pub_key: { type: ED25519_KEY_TYPE, value: toBase64(publicKey) },
      voting_power: power.toString(),
      proposer_priority: '0',
    },
  };
}

/** CometBFT's order: power descending, then address ascending. */
export const sortedSet = (signers: readonly Signer[]) =>
  [...signers].sort((left, right) => {
    const power = BigInt(right.validator.voting_power) - BigInt(left.validator.voting_power);
    if (power !== 0n) return power > 0n ? 1 : -1;
    return left.validator.address < right.validator.address ? -1 : 1;
  });

const ZERO_HASH = sha256(new Uint8Array());
const setHash = (signers: readonly Signer[]) => {
  const hashed = validatorSetHashOf(sortedSet(signers).map((signer) => signer.validator));
  if ('problem' in hashed) throw new Error(hashed.problem);
  return hashed.hash;
};

export interface ForgeOptions {
  chainId: string;
  height: bigint;
  time: string;
  lastBlockHash: string;
  validators: readonly Signer[];
  nextValidators?: readonly Signer[];
  /** Who signs (default: everyone in the set). */
  signers?: readonly Signer[];
  appHash?: string;
  dataHash?: string;
  lastResultsHash?: string;
}

export function forgeLightBlock(options: ForgeOptions): { block: LightBlockJson; hash: string } {
  const set = sortedSet(options.validators);
  const header: HeaderJson = {
    version: { block: '11' },
    chain_id: options.chainId,
    height: options.height.toString(),
    time: options.time,
    last_block_id: { hash: options.lastBlockHash, parts: { total: 1, hash: hexOf(ZERO_HASH) } },
    last_commit_hash: hexOf(ZERO_HASH),
    data_hash: options.dataHash ?? hexOf(ZERO_HASH),
    validators_hash: setHash(set),
    next_validators_hash: setHash(options.nextValidators ?? set),
    consensus_hash: hexOf(ZERO_HASH),
    app_hash: options.appHash ?? hexOf(ZERO_HASH),
    last_results_hash: options.lastResultsHash ?? hexOf(ZERO_HASH),
    evidence_hash: hexOf(ZERO_HASH),
    proposer_address: set[0].validator.address,
  };
  const hashed = headerHashOf(header);
  if ('problem' in hashed) throw new Error(hashed.problem);
  const signing = new Set((options.signers ?? set).map((signer) => signer.validator.address));
  const commit: CommitJson = {
    height: header.height,
    round: 0,
    block_id: { hash: hashed.hash, parts: { total: 1, hash: hexOf(ZERO_HASH) } },
    signatures: [],
  };
  commit.signatures = set.map((signer) => {
    if (!signing.has(signer.validator.address)) {
      return { block_id_flag: 1, validator_address: '', timestamp: '0001-01-01T00:00:00Z', signature: null };
    }
    const message = precommitSignBytes(options.chainId, commit, options.time);
    if (!message) throw new Error('no sign bytes');
    return {
      block_id_flag: 2,
      validator_address: signer.validator.address,
      timestamp: options.time,
      signature: toBase64(ed25519.sign(message, signer.secretKey)),
    };
  });
  return {
    block: { signed_header: { header, commit }, validator_set: set.map((signer) => signer.validator) },
    hash: hashed.hash,
  };
}

/** A time `seconds` after 2026-01-01, as CometBFT writes it (nine fractional digits). */
export const timeAfter = (seconds: number) =>
  new Date(Date.UTC(2026, 0, 1) + seconds * 1000).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');

/** The verifier's clock `seconds` after 2026-01-01, with CometBFT's defaults (14 days, 1/3, 10 s). */
export const clockAfter = (seconds: number, trustingPeriodSeconds?: bigint): TrustOptions =>
  trustOptionsAt(nanosOfMillis(Date.UTC(2026, 0, 1) + seconds * 1000), trustingPeriodSeconds);
