import { bytesField, bytesOfHex, hexOf, messageField, utf8, varintField } from '../bytes.ts';
import { refusal, type Checked } from '../problem-codes.ts';
import { merkleRoot } from '../records/merkle.ts';
import { signedHeaderBoundsProblem } from './bounds.ts';
import type { BlockIdJson, HeaderJson } from './rpc-json.ts';

// A block's identity as CometBFT v0.38 computes it (types/block.go, Header.Hash): the Merkle
// root of the header's fields, each protobuf-encoded on its own.

export type { BlockIdJson, HeaderJson } from './rpc-json.ts';

const RFC3339 = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/;

export interface Timestamp {
  seconds: bigint;
  nanos: number;
}

/** Seconds and nanoseconds of an RFC 3339 UTC time as CometBFT writes it; null if it is not one. */
export function timestampOf(text: string): Timestamp | null {
  const match = RFC3339.exec(text);
  if (!match) return null;
  const millis = Date.parse(`${match[1]}Z`);
  // Before 1970 a protobuf Timestamp's seconds are negative, which no chain writes.
  if (Number.isNaN(millis) || millis < 0) return null;
  return { seconds: BigInt(millis / 1000), nanos: Number((match[2] ?? '').padEnd(9, '0')) };
}

/** Nanoseconds since the epoch: exact, so two times a nanosecond apart compare right. */
export const nanosOf = (time: Timestamp) => time.seconds * 1_000_000_000n + BigInt(time.nanos);

export const timestampBytes = (time: Timestamp) => [...varintField(1, time.seconds), ...varintField(2, time.nanos)];

/** BlockID as protobuf (hash, then the part set header, which is written even when empty). */
export function blockIdBytes(blockId: BlockIdJson): number[] | null {
  const hash = bytesOfHex(blockId.hash);
  const partsHash = bytesOfHex(blockId.parts.hash);
  if (!hash || !partsHash) return null;
  return [
    ...bytesField(1, hash),
    ...messageField(2, [...varintField(1, blockId.parts.total), ...bytesField(2, partsHash)]),
  ];
}

/** gogoproto's wrapper types (StringValue, Int64Value, BytesValue): field 1, nothing when empty. */
const wrapped = (value: Uint8Array) => Uint8Array.from(bytesField(1, value));

/**
 * The header's hash in upper hex, or a sentence saying why it has none (a field that is not hex,
 * a time CometBFT cannot encode, no validators hash).
 */
export function headerHashOf(header: HeaderJson): Checked<{ hash: string }> {
  const bounds = signedHeaderBoundsProblem(header, null);
  if (bounds) return bounds;
  const time = timestampOf(header.time);
  if (!time) return refusal('malformed', `header ${header.height} has a time CometBFT cannot encode: ${header.time}`);
  const hashes = [
    header.last_commit_hash,
    header.data_hash,
    header.validators_hash,
    header.next_validators_hash,
    header.consensus_hash,
    header.app_hash,
    header.last_results_hash,
    header.evidence_hash,
    header.proposer_address,
  ].map(bytesOfHex);
  const lastBlockId = blockIdBytes(header.last_block_id);
  if (!lastBlockId || hashes.some((bytes) => bytes === null) || !/^\d+$/.test(header.height)) {
    return refusal('malformed', `header ${header.height} has a field that is not hex or a number`);
  }
  const [lastCommit, data, validators, nextValidators, consensus, app, results, evidence, proposer] =
    hashes as Uint8Array[];
  if (validators.length === 0) return refusal('malformed', `header ${header.height} has no validators hash`);
  const root = merkleRoot([
    Uint8Array.from([
      ...varintField(1, BigInt(header.version.block)),
      ...varintField(2, BigInt(header.version.app ?? 0)),
    ]),
    wrapped(utf8(header.chain_id)),
    Uint8Array.from(varintField(1, BigInt(header.height))),
    Uint8Array.from(timestampBytes(time)),
    Uint8Array.from(lastBlockId),
    wrapped(lastCommit),
    wrapped(data),
    wrapped(validators),
    wrapped(nextValidators),
    wrapped(consensus),
    wrapped(app),
    wrapped(results),
    wrapped(evidence),
    wrapped(proposer),
  ]);
  return { hash: hexOf(root) };
}
