// The JSON the gateway writes (gogoproto jsonpb with OrigName and EmitDefaults): snake_case in
// field order, 64-bit integers as strings, and strings escaped the way Go's encoding/json does.

import { chainTimeText } from '../../chain/chain-time.ts';
import type { Millis } from '../../chain/records.ts';

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

/** A chain time as the Timestamp marshaller prints it (chain times always have nine digits). */
const stampMemo = new Map<Millis, string>();
export function timestamp(time: Millis): string {
  let text = stampMemo.get(time);
  if (text === undefined) {
    text = `"${chainTimeText(time)}"`;
    // Many rows share a block time; a small memo saves re-formatting them.
    if (stampMemo.size > 4096) stampMemo.clear();
    stampMemo.set(time, text);
  }
  return text;
}

export const ZERO_TIME = '"0001-01-01T00:00:00Z"';

export const duration = (seconds: number) => `"${seconds}s"`;

export function bytesOrNull(b: Uint8Array | null | undefined): string {
  return b && b.length > 0 ? `"${Buffer.from(b).toString('base64')}"` : 'null';
}
