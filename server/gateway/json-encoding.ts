// The JSON the gateway writes (gogoproto jsonpb with OrigName and EmitDefaults): snake_case in
// field order, 64-bit integers as strings, and strings escaped the way Go's encoding/json does.

import type { Millis } from '../chain/records.ts';

const GO_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function goStringify(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => GO_ESCAPES[c]);
}

const PLAIN = /^[\w\-.:/@]*$/;
/** Addresses, ids and most metadata need no escaping; skip the generic path for them. */
export const str = (s: string) => (PLAIN.test(s) ? `"${s}"` : goStringify(s));
export const u64 = (n: bigint) => `"${n}"`;

/** RFC 3339 in UTC with 0, 3, 6 or 9 fractional digits, as Go's Timestamp marshaller prints. */
const stampMemo = new Map<Millis, string>();
export function timestamp(ms: Millis): string {
  let s = stampMemo.get(ms);
  if (s === undefined) {
    const iso = new Date(ms).toISOString();
    s = `"${ms % 1000 === 0 ? iso.slice(0, 19) + 'Z' : iso}"`;
    // Many rows share a block time; a small memo saves re-formatting them.
    if (stampMemo.size > 4096) stampMemo.clear();
    stampMemo.set(ms, s);
  }
  return s;
}

export const ZERO_TIME = '"0001-01-01T00:00:00Z"';

export const duration = (seconds: number) => `"${seconds}s"`;

export function bytesOrNull(b: Uint8Array | null | undefined): string {
  return b && b.length > 0 ? `"${Buffer.from(b).toString('base64')}"` : 'null';
}
