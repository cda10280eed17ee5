import { createHash } from 'node:crypto';

import { uvarint } from './protobuf-varint.ts';

// CometBFT's block identity, computed as v0.38 does (types/block.go Header.Hash): the RFC 6962
// Merkle root of the header's fields, each protobuf-encoded on its own. The node uses it to name
// its blocks and the archive to check that a block's hash really is its header's, so neither a
// forged header nor a made-up block id can pass for the chain's.

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** RFC 6962 Merkle root, as CometBFT's merkle.HashFromByteSlices computes it. */
export function merkleRoot(items: readonly Uint8Array[]): Buffer {
  if (items.length === 0) return sha256();
  if (items.length === 1) return sha256(Uint8Array.of(0), items[0]);
  let split = 1;
  while (split * 2 < items.length) split *= 2;
  return sha256(Uint8Array.of(1), merkleRoot(items.slice(0, split)), merkleRoot(items.slice(split)));
}

export interface BlockIdFields {
  hash: Uint8Array;
  partsTotal: number;
  partsHash: Uint8Array;
}

/** A header's fields as CometBFT hashes them; byte fields are raw bytes, not hex. */
export interface HeaderFields {
  versionBlock: bigint;
  versionApp: bigint;
  chainId: string;
  height: bigint;
  /** Seconds since the Unix epoch and the nanoseconds past them, as a protobuf Timestamp. */
  timeSeconds: bigint;
  timeNanos: number;
  lastBlockId: BlockIdFields;
  lastCommitHash: Uint8Array;
  dataHash: Uint8Array;
  validatorsHash: Uint8Array;
  nextValidatorsHash: Uint8Array;
  consensusHash: Uint8Array;
  appHash: Uint8Array;
  lastResultsHash: Uint8Array;
  evidenceHash: Uint8Array;
  proposerAddress: Uint8Array;
}

const varintField = (field: number, value: bigint) => (value === 0n ? [] : [field << 3, ...uvarint(value)]);
const bytesField = (field: number, value: Uint8Array) =>
  value.length === 0 ? [] : [(field << 3) | 2, ...uvarint(BigInt(value.length)), ...value];

/** gogoproto's wrapper types (StringValue, Int64Value, BytesValue): field 1, nothing when empty. */
const wrappedBytes = (value: Uint8Array) => Uint8Array.from(bytesField(1, value));

function blockIdBytes(blockId: BlockIdFields): Uint8Array {
  const partSetHeader = [...varintField(1, BigInt(blockId.partsTotal)), ...bytesField(2, blockId.partsHash)];
  // The part set header is a non-nullable field: written even when empty.
  return Uint8Array.from([
    ...bytesField(1, blockId.hash),
    0x12,
    ...uvarint(BigInt(partSetHeader.length)),
    ...partSetHeader,
  ]);
}

/** The header's hash, or null where CometBFT has none (no validators hash). */
export function headerHash(header: HeaderFields): Buffer | null {
  if (header.validatorsHash.length === 0) return null;
  return merkleRoot([
    Uint8Array.from([...varintField(1, header.versionBlock), ...varintField(2, header.versionApp)]),
    wrappedBytes(new TextEncoder().encode(header.chainId)),
    Uint8Array.from(varintField(1, header.height)),
    Uint8Array.from([...varintField(1, header.timeSeconds), ...varintField(2, BigInt(header.timeNanos))]),
    blockIdBytes(header.lastBlockId),
    wrappedBytes(header.lastCommitHash),
    wrappedBytes(header.dataHash),
    wrappedBytes(header.validatorsHash),
    wrappedBytes(header.nextValidatorsHash),
    wrappedBytes(header.consensusHash),
    wrappedBytes(header.appHash),
    wrappedBytes(header.lastResultsHash),
    wrappedBytes(header.evidenceHash),
    wrappedBytes(header.proposerAddress),
  ]);
}

const RFC3339 = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/;

/** Seconds and nanoseconds of an RFC 3339 UTC time as CometBFT writes it (`…:40.334478791Z`). */
export function timestampOf(text: string): { seconds: bigint; nanos: number } | null {
  const match = RFC3339.exec(text);
  if (!match) return null;
  const millis = Date.parse(`${match[1]}Z`);
  if (Number.isNaN(millis)) return null;
  return { seconds: BigInt(millis / 1000), nanos: Number((match[2] ?? '').padEnd(9, '0')) };
}

export const hexBytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

/** A header as CometBFT's RPC writes it: hashes in hex, numbers in strings, time in RFC 3339. */
export interface HeaderJson {
  version: { block: string; app?: string };
  chain_id: string;
  height: string;
  time: string;
  last_block_id: { hash: string; parts: { total: number; hash: string } };
  last_commit_hash: string;
  data_hash: string;
  validators_hash: string;
  next_validators_hash: string;
  consensus_hash: string;
  app_hash: string;
  last_results_hash: string;
  evidence_hash: string;
  proposer_address: string;
}

/** The hash of a header given as the RPC writes it, in upper hex ('' when it has none). */
export function headerJsonHash(header: HeaderJson): string {
  const time = timestampOf(header.time);
  if (!time) throw new Error(`block ${header.height} has a time CometBFT cannot encode: ${header.time}`);
  const hash = headerHash({
    versionBlock: BigInt(header.version.block),
    versionApp: BigInt(header.version.app ?? 0),
    chainId: header.chain_id,
    height: BigInt(header.height),
    timeSeconds: time.seconds,
    timeNanos: time.nanos,
    lastBlockId: {
      hash: hexBytes(header.last_block_id.hash),
      partsTotal: header.last_block_id.parts.total,
      partsHash: hexBytes(header.last_block_id.parts.hash),
    },
    lastCommitHash: hexBytes(header.last_commit_hash),
    dataHash: hexBytes(header.data_hash),
    validatorsHash: hexBytes(header.validators_hash),
    nextValidatorsHash: hexBytes(header.next_validators_hash),
    consensusHash: hexBytes(header.consensus_hash),
    appHash: hexBytes(header.app_hash),
    lastResultsHash: hexBytes(header.last_results_hash),
    evidenceHash: hexBytes(header.evidence_hash),
    proposerAddress: hexBytes(header.proposer_address),
  });
  return hash ? hash.toString('hex').toUpperCase() : '';
}
