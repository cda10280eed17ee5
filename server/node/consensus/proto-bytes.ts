// The few protobuf encodings consensus hashes and signs over, written by hand: each is a handful
// of fields whose exact bytes (field order, omitted zeros, fixed-width integers) are the point.
import { uvarint } from '../../lib/protobuf-varint.ts';

/** A varint field; proto3 leaves a zero out. */
export const varintField = (field: number, value: bigint | number): number[] =>
  BigInt(value) === 0n ? [] : [field << 3, ...uvarint(value)];

/** A length-delimited field; proto3 leaves empty bytes out. */
export const bytesField = (field: number, value: Uint8Array | readonly number[]): number[] =>
  value.length === 0 ? [] : messageField(field, value);

/** A length-delimited field written even when empty (gogoproto's non-nullable messages). */
export const messageField = (field: number, value: Uint8Array | readonly number[]): number[] => [
  (field << 3) | 2,
  ...uvarint(value.length),
  ...value,
];

/** sfixed64: eight bytes little-endian, left out when zero. */
export function sfixed64Field(field: number, value: bigint): number[] {
  if (value === 0n) return [];
  const bytes = Buffer.alloc(8);
  bytes.writeBigInt64LE(value);
  return [(field << 3) | 1, ...bytes];
}

/** google.protobuf.Timestamp's fields. */
export const timestampBytes = (seconds: bigint, nanos: number): number[] => [
  ...varintField(1, seconds),
  ...varintField(2, nanos),
];
