import { createHash } from 'node:crypto';

import { ed25519 } from '@noble/curves/ed25519.js';
import { ExecTxResult } from 'cosmjs-types/tendermint/abci/types';
import { CommitSig } from 'cosmjs-types/tendermint/types/types';
import { SimpleValidator } from 'cosmjs-types/tendermint/types/validator';

// A light client's checks, written for the tests apart from the node's own code: protobuf from
// cosmjs-types, ed25519 from @noble/curves with ZIP-215 rules (as CometBFT verifies), and an RFC
// 6962 tree of its own. Each check answers what failed, never just "invalid".

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return Uint8Array.from(hash.digest());
};

function rfc6962(items: readonly Uint8Array[]): Uint8Array {
  if (items.length === 0) return sha256();
  if (items.length === 1) return sha256(Uint8Array.of(0), items[0]);
  let split = 1;
  while (split * 2 < items.length) split *= 2;
  return sha256(Uint8Array.of(1), rfc6962(items.slice(0, split)), rfc6962(items.slice(split)));
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase();
const fromHex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));
const fromBase64 = (text: string) => Uint8Array.from(Buffer.from(text, 'base64'));

export interface ValidatorJson {
  address: string;
  pub_key: { type: string; value: string };
  voting_power: string;
}

export interface CommitSigJson {
  block_id_flag: number;
  validator_address: string;
  timestamp: string;
  signature: string | null;
}

export interface CommitJson {
  height: string;
  round: number;
  block_id: { hash: string; parts: { total: number; hash: string } };
  signatures: CommitSigJson[];
}

export function validatorSetHashOf(validators: readonly ValidatorJson[]): string {
  return hex(
    rfc6962(
      validators.map((validator) =>
        SimpleValidator.encode({
          pubKey: { ed25519: fromBase64(validator.pub_key.value) },
          votingPower: BigInt(validator.voting_power),
        }).finish(),
      ),
    ),
  );
}

function timestampOf(text: string): { seconds: bigint; nanos: number } {
  const match = /^(.*?)(?:\.(\d+))?Z$/.exec(text);
  if (!match) throw new Error(`bad time ${text}`);
  const millis = Date.parse(`${match[1]}Z`);
  return { seconds: BigInt(Math.floor(millis / 1000)), nanos: Number((match[2] ?? '').padEnd(9, '0')) };
}

const uvarint = (value: bigint) => {
  const out: number[] = [];
  let rest = BigInt.asUintN(64, value);
  while (rest >= 0x80n) {
    out.push(Number(rest & 0x7fn) | 0x80);
    rest >>= 7n;
  }
  out.push(Number(rest));
  return out;
};
const lengthDelimited = (field: number, bytes: readonly number[] | Uint8Array) => [
  (field << 3) | 2,
  ...uvarint(BigInt(bytes.length)),
  ...bytes,
];
const varintOrNothing = (field: number, value: bigint) => (value === 0n ? [] : [field << 3, ...uvarint(value)]);

/** CanonicalVote for a precommit, length-delimited (CometBFT types.VoteSignBytes). */
export function precommitSignBytes(chainId: string, commit: CommitJson, timestamp: string): Uint8Array {
  const height = Buffer.alloc(8);
  height.writeBigInt64LE(BigInt(commit.height));
  const round =
    commit.round === 0
      ? []
      : (() => {
          const bytes = Buffer.alloc(8);
          bytes.writeBigInt64LE(BigInt(commit.round));
          return [0x19, ...bytes];
        })();
  const parts = [
    ...varintOrNothing(1, BigInt(commit.block_id.parts.total)),
    ...lengthDelimited(2, fromHex(commit.block_id.parts.hash)),
  ];
  const blockId = [...lengthDelimited(1, fromHex(commit.block_id.hash)), ...lengthDelimited(2, parts)];
  const time = timestampOf(timestamp);
  const vote = [
    0x08,
    0x02,
    0x11,
    ...height,
    ...round,
    ...lengthDelimited(4, blockId),
    ...lengthDelimited(5, [...varintOrNothing(1, time.seconds), ...varintOrNothing(2, BigInt(time.nanos))]),
    ...lengthDelimited(6, Buffer.from(chainId)),
  ];
  return Uint8Array.from([...uvarint(BigInt(vote.length)), ...vote]);
}

/**
 * VerifyCommitLight's rules: the set hashes to the header's validators_hash, the commit names the
 * header's block, each signature verifies, and what signed is more than 2/3 of the set's power.
 * Returns what failed, or null.
 */
export function commitProblem(
  chainId: string,
  header: { height: string; validators_hash: string },
  blockHash: string,
  commit: CommitJson,
  validators: readonly ValidatorJson[],
): string | null {
  if (validatorSetHashOf(validators) !== header.validators_hash) {
    return `the validator set does not hash to validators_hash at ${header.height}`;
  }
  if (commit.height !== header.height) return `the commit is for ${commit.height}, not ${header.height}`;
  if (commit.block_id.hash !== blockHash) return `the commit signs ${commit.block_id.hash}, not ${blockHash}`;
  const total = validators.reduce((sum, validator) => sum + BigInt(validator.voting_power), 0n);
  let signed = 0n;
  for (const sig of commit.signatures) {
    if (sig.block_id_flag !== 2) continue;
    const validator = validators.find((entry) => entry.address === sig.validator_address);
    if (!validator) return `commit at ${commit.height}: ${sig.validator_address} is not in the set`;
    const ok = ed25519.verify(
      fromBase64(sig.signature ?? ''),
      precommitSignBytes(chainId, commit, sig.timestamp),
      fromBase64(validator.pub_key.value),
      { zip215: true },
    );
    if (!ok) return `commit at ${commit.height}: the signature of ${sig.validator_address} does not verify`;
    signed += BigInt(validator.voting_power);
  }
  if (signed * 3n <= total * 2n) {
    return `commit at ${commit.height}: ${(signed * 100n) / total} % of the power signed, more than 2/3 needed`;
  }
  return null;
}

/** Commit.Hash(): the tree of the signatures' protobuf bytes. */
export function commitHashOf(signatures: readonly CommitSigJson[]): string {
  return hex(
    rfc6962(
      signatures.map((sig) =>
        CommitSig.encode({
          blockIdFlag: sig.block_id_flag,
          validatorAddress: fromHex(sig.validator_address),
          timestamp: timestampOf(sig.timestamp),
          signature: sig.signature === null ? new Uint8Array() : fromBase64(sig.signature),
        }).finish(),
      ),
    ),
  );
}

export interface TxResultJson {
  code: number;
  data: string | null;
  gas_wanted: string;
  gas_used: string;
}

/** last_results_hash of the block whose results these are. */
export function resultsHashOf(results: readonly TxResultJson[] | null): string {
  return hex(
    rfc6962(
      (results ?? []).map((result) =>
        ExecTxResult.encode(
          ExecTxResult.fromPartial({
            code: result.code,
            data: result.data === null ? new Uint8Array() : fromBase64(result.data),
            gasWanted: BigInt(result.gas_wanted),
            gasUsed: BigInt(result.gas_used),
          }),
        ).finish(),
      ),
    ),
  );
}

/** data_hash: the tree of the transactions' SHA-256 hashes. */
export const dataHashOf = (txs: readonly string[]) => hex(rfc6962(txs.map((tx) => sha256(fromBase64(tx)))));
