import { toBase64 } from '@cosmjs/encoding';
import { ed25519 } from '@noble/curves/ed25519.js';
import { SimpleValidator } from 'cosmjs-types/tendermint/types/validator';

import { hexOf, sha256 } from '../../bytes.ts';
import type { ProblemCode } from '../../problem-codes.ts';
import { merkleRoot } from '../../records/merkle.ts';
import { precommitSignBytes } from '../../trust/commit.ts';
import { headerHashOf, type HeaderJson } from '../../trust/header.ts';
import type { LightBlockJson } from '../../trust/light-block.ts';
import type { ValidatorJson } from '../../trust/validator-set.ts';
import { forgeLightBlock, signerOf, sortedSet, timeAfter, type Signer } from '../forge-chain.ts';

// What every vector row is made of: the row's shape, a forged chain of five validators (10 to 50
// of power, 150 in all) with its root at height 10, and a forger's own header writer.

export type LightVector =
  | {
      name: string;
      kind: 'step';
      chain_id: string;
      /** The verifier's clock (RFC 3339) and trusting period. */
      now: string;
      trusting_period_seconds: string;
      trusted: LightBlockJson;
      untrusted: LightBlockJson;
      expect: { accept: boolean; code?: ProblemCode };
    }
  | {
      name: string;
      kind: 'signed-header';
      chain_id: string;
      block: LightBlockJson;
      expect: { accept: boolean; code?: ProblemCode };
    }
  | {
      name: string;
      /** A genesis document: the first set is made from it (gen_txs, staking state or validators). */
      kind: 'genesis-document';
      chain_id: string;
      genesis: Record<string, unknown>;
      block: LightBlockJson;
      expect: { accept: boolean; code?: ProblemCode };
    }
  | {
      name: string;
      /** `primary` verified from `trusted`, then another node's header at its height beside it. */
      kind: 'witness';
      chain_id: string;
      now: string;
      trusting_period_seconds: string;
      trusted: LightBlockJson;
      primary: LightBlockJson;
      witness: LightBlockJson;
      expect: { accept: boolean; code?: ProblemCode };
    }
  | {
      name: string;
      kind: 'genesis';
      chain_id: string;
      genesis_validators: ValidatorJson[];
      block: LightBlockJson;
      expect: { accept: boolean; code?: ProblemCode };
    };

export const CHAIN = 'vectors-1';
export const DAY = 24 * 3600;
export const PERIOD = String(14 * DAY);
export const accept = { accept: true };
export const refuse = (code: ProblemCode) => ({ accept: false, code });

export const named = (prefix: string, powers: readonly bigint[]) =>
  powers.map((power, index) => signerOf(`${prefix}-${index}`, power));

/** Five validators of 10, 20, 30, 40 and 50: 150 in all. */
export const five = named('v', [10n, 20n, 30n, 40n, 50n]);
export const byPower = (power: bigint) => five.find((signer) => signer.validator.voting_power === String(power))!;

export const root = forgeLightBlock({
  chainId: CHAIN,
  height: 10n,
  time: timeAfter(0),
  lastBlockHash: '',
  validators: five,
});
export const rootHash = root.hash;

export const next = (over: Partial<Parameters<typeof forgeLightBlock>[0]> = {}) =>
  forgeLightBlock({
    chainId: CHAIN,
    height: 11n,
    time: timeAfter(5),
    lastBlockHash: rootHash,
    validators: five,
    ...over,
  }).block;

export const later = (over: Partial<Parameters<typeof forgeLightBlock>[0]> = {}) =>
  forgeLightBlock({
    chainId: CHAIN,
    height: 500n,
    time: timeAfter(3600),
    lastBlockHash: 'AB'.repeat(32),
    validators: five,
    ...over,
  }).block;

export const clone = <T>(value: T): T => structuredClone(value);

export const step = (
  name: string,
  untrusted: LightBlockJson,
  expect: LightVector['expect'],
  options: { now?: number; period?: string; trusted?: LightBlockJson } = {},
): LightVector => ({
  name,
  kind: 'step',
  chain_id: CHAIN,
  now: timeAfter(options.now ?? 2 * 3600),
  trusting_period_seconds: options.period ?? PERIOD,
  trusted: options.trusted ?? root.block,
  untrusted,
  expect,
});

/** A set's hash as CometBFT computes it, over the order given (what a forger would write). */
export function hashOfList(validators: readonly ValidatorJson[], wrapPowers = false): string {
  const leaves = validators.map((validator) => {
    const power = BigInt(validator.voting_power);
    return SimpleValidator.encode({
      pubKey: { ed25519: Uint8Array.from(Buffer.from(validator.pub_key.value, 'base64')) },
      votingPower: wrapPowers ? BigInt.asIntN(64, power) : power,
    }).finish();
  });
  return hexOf(merkleRoot(leaves));
}

/**
 * A header signed as a forger would: the set given in the order given, powers as written (the
 * header names the hash of that list), signed by `signers`.
 */
export function forgeWithList(options: {
  height: string;
  time: string;
  lastBlockHash: string;
  list: ValidatorJson[];
  headerSetHash?: string;
  signers: readonly Signer[];
  round?: number;
  partsTotal?: number;
}): LightBlockJson {
  const setHash = options.headerSetHash ?? hashOfList(options.list);
  const zero = hexOf(sha256(new Uint8Array()));
  const header: HeaderJson = {
    version: { block: '11' },
    chain_id: CHAIN,
    height: options.height,
    time: options.time,
    last_block_id: { hash: options.lastBlockHash, parts: { total: 1, hash: zero } },
    last_commit_hash: zero,
    data_hash: zero,
    validators_hash: setHash,
    next_validators_hash: setHash,
    consensus_hash: zero,
    app_hash: zero,
    last_results_hash: zero,
    evidence_hash: zero,
    proposer_address: options.list[0].address,
  };
  // A height out of range has no hash: its commit names a stand-in (the height is refused first).
  const hashed = headerHashOf(header);
  const blockHash = 'hash' in hashed ? hashed.hash : 'EE'.repeat(32);
  const commit = {
    height: options.height,
    round: options.round ?? 0,
    block_id: { hash: blockHash, parts: { total: options.partsTotal ?? 1, hash: zero } },
    signatures: [] as LightBlockJson['signed_header']['commit']['signatures'],
  };
  const signing = new Map(options.signers.map((signer) => [signer.validator.address, signer]));
  // No sign bytes for a height or round out of range: such a commit goes unsigned (and is refused).
  const message = precommitSignBytes(CHAIN, commit, options.time);
  commit.signatures = options.list.map((validator) => {
    const signer = signing.get(validator.address);
    if (!signer || !message) {
      return { block_id_flag: 1, validator_address: '', timestamp: '0001-01-01T00:00:00Z', signature: null };
    }
    return {
      block_id_flag: 2,
      validator_address: validator.address,
      timestamp: options.time,
      signature: toBase64(ed25519.sign(message, signer.secretKey)),
    };
  });
  return { signed_header: { header, commit }, validator_set: options.list };
}

export const asList = (signers: readonly Signer[]) => sortedSet(signers).map((signer) => signer.validator);
