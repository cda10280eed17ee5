import { fromBase64 } from '@cosmjs/encoding';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

// Bytes in, verdicts out: the verifier runs in the archive, the command and the browser, so it
// uses no Node or DOM API — hashing and hex from @noble/hashes (table-driven: a bundle holds
// hundreds of thousands of hex hashes), base64 from @cosmjs/encoding.

export const sha256 = (...parts: Uint8Array[]): Uint8Array => {
  if (parts.length === 1) return nobleSha256(parts[0]);
  return nobleSha256(concatBytes(...parts));
};

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function bytesEqual(left: Uint8Array, right: Uint8Array): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) if (left[index] !== right[index]) return false;
  return true;
}

/** Byte order, as store keys sort. */
export function compareBytes(left: Uint8Array, right: Uint8Array): number {
  const shorter = Math.min(left.length, right.length);
  for (let index = 0; index < shorter; index += 1) {
    if (left[index] !== right[index]) return left[index] - right[index];
  }
  return left.length - right.length;
}

/** Upper-case hex, as CometBFT's RPC writes hashes. */
export const hexOf = (bytes: Uint8Array) => bytesToHex(bytes).toUpperCase();

/** Hex or base64 text as bytes; null when the text is neither (a bundle is untrusted input). */
export function bytesOfHex(text: string): Uint8Array | null {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(text)) return null;
  return hexToBytes(text);
}

export function bytesOfBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  return fromBase64(text);
}

export const utf8 = (text: string) => new TextEncoder().encode(text);

const UINT64_END = 1n << 64n;

/**
 * A varint of a value within uint64. Never wrapped: a number outside is a bug of the caller (the
 * bounds are checked first, see bounds.ts), and wrapping it would make 2^64 + n encode as n.
 */
export function uvarint(value: bigint | number): number[] {
  const out: number[] = [];
  let rest = BigInt(value);
  if (rest < 0n || rest >= UINT64_END) throw new RangeError(`${rest} is not within uint64`);
  while (rest >= 0x80n) {
    out.push(Number(rest & 0x7fn) | 0x80);
    rest >>= 7n;
  }
  out.push(Number(rest));
  return out;
}

/** A protobuf varint field, left out when zero as proto3 does. */
export const varintField = (field: number, value: bigint | number): number[] =>
  BigInt(value) === 0n ? [] : [field << 3, ...uvarint(value)];

/** A length-delimited protobuf field, left out when empty. */
export const bytesField = (field: number, value: Uint8Array | readonly number[]): number[] =>
  value.length === 0 ? [] : [(field << 3) | 2, ...uvarint(value.length), ...value];

/** A length-delimited field CometBFT writes even when empty (non-nullable messages). */
export const messageField = (field: number, value: Uint8Array | readonly number[]): number[] => [
  (field << 3) | 2,
  ...uvarint(value.length),
  ...value,
];
