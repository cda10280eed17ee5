import { merkleRoot, timestampOf } from '../../lib/cometbft-hash.ts';
import { uvarint } from '../../lib/protobuf-varint.ts';
import { chainTimeText } from '../chain/chain-time.ts';
import type { Millis } from '../chain/records.ts';
import { bytesField, messageField, sfixed64Field, timestampBytes, varintField } from './proto-bytes.ts';
import { signWith, validatorSetAt } from './validators.ts';

// A block's commit: each validator's precommit, signed over CometBFT v0.38's canonical vote
// sign bytes, and the commit's hash (the next header's last_commit_hash).

/** BlockIDFlag: 1 absent (no vote), 2 commit (signed this block). */
export type BlockIdFlag = 1 | 2;

export interface CommitSig {
  readonly flag: BlockIdFlag;
  /** Upper hex; '' when absent. */
  readonly validatorAddress: string;
  /** RFC 3339 with nanoseconds; Go's zero time when absent. */
  readonly timestamp: string;
  /** Empty when absent. */
  readonly signature: Uint8Array;
}

export interface BlockId {
  /** Upper hex. */
  readonly hash: string;
  readonly partsTotal: number;
  /** Upper hex. */
  readonly partsHash: string;
}

export interface Commit {
  readonly height: bigint;
  readonly round: number;
  readonly blockId: BlockId;
  readonly signatures: readonly CommitSig[];
}

const GO_ZERO_TIME = '0001-01-01T00:00:00Z';
/** Seconds of Go's zero time from the Unix epoch: how a missing signature's timestamp encodes. */
const GO_ZERO_SECONDS = -62135596800n;
const PRECOMMIT = 2;

function timestampFields(text: string): number[] {
  if (text === GO_ZERO_TIME) return timestampBytes(GO_ZERO_SECONDS, 0);
  const time = timestampOf(text);
  if (!time) throw new Error(`not a chain time: ${text}`);
  return timestampBytes(time.seconds, time.nanos);
}

const hexBytes = (hex: string) => Buffer.from(hex, 'hex');

function canonicalBlockId(blockId: BlockId): number[] {
  const partSetHeader = [...varintField(1, blockId.partsTotal), ...bytesField(2, hexBytes(blockId.partsHash))];
  return [...bytesField(1, hexBytes(blockId.hash)), ...messageField(2, partSetHeader)];
}

/**
 * The bytes a validator signs for a precommit (types.VoteSignBytes): a length-delimited
 * CanonicalVote{type, height and round as sfixed64, block id, timestamp, chain id}.
 */
export function voteSignBytes(
  chainId: string,
  height: bigint,
  round: number,
  blockId: BlockId,
  timestamp: string,
): Uint8Array {
  const vote = [
    ...varintField(1, PRECOMMIT),
    ...sfixed64Field(2, height),
    ...sfixed64Field(3, BigInt(round)),
    ...messageField(4, canonicalBlockId(blockId)),
    ...messageField(5, timestampFields(timestamp)),
    ...bytesField(6, Buffer.from(chainId)),
  ];
  return Uint8Array.from([...uvarint(vote.length), ...vote]);
}

/** CommitSig's protobuf bytes, as Commit.Hash() hashes them. */
export function commitSigBytes(sig: CommitSig): Uint8Array {
  return Uint8Array.from([
    ...varintField(1, sig.flag),
    ...bytesField(2, hexBytes(sig.validatorAddress)),
    ...messageField(3, timestampFields(sig.timestamp)),
    ...bytesField(4, sig.signature),
  ]);
}

/** Commit.Hash(): the RFC 6962 root of its signatures; an empty commit hashes the empty list. */
export const commitHash = (signatures: readonly CommitSig[]) => merkleRoot(signatures.map(commitSigBytes));

/**
 * The commit for block `height` (named `blockId`, made at `time`): every validator of that
 * height's set signs it, a little after the block time, except that the smallest one now and
 * then misses a block (absent), as validators do. The largest ones always sign: > 2/3 of the power.
 */
export function makeCommit(seed: string, chainId: string, height: bigint, blockId: BlockId, time: Millis): Commit {
  const validators = validatorSetAt(seed, height);
  const signatures = validators.map((validator, position): CommitSig => {
    const misses = position === validators.length - 1 && validators.length > 3 && height % 7n === 3n;
    if (misses) return { flag: 1, validatorAddress: '', timestamp: GO_ZERO_TIME, signature: new Uint8Array() };
    const timestamp = chainTimeText(time + 700 + position * 37);
    const signature = signWith(validator, voteSignBytes(chainId, height, 0, blockId, timestamp));
    return { flag: 2, validatorAddress: validator.address, timestamp, signature };
  });
  return { height, round: 0, blockId, signatures };
}

/** How CometBFT's RPC writes one signature. */
export const commitSigJson = (sig: CommitSig) => ({
  block_id_flag: sig.flag,
  validator_address: sig.validatorAddress,
  timestamp: sig.timestamp,
  signature: sig.signature.length > 0 ? Buffer.from(sig.signature).toString('base64') : null,
});
