// Address decoding as the SDK's bech32 codec does it, step by step, because the order of its
// checks decides which error message a bad address gets. The checksum maths is the library's.

import { bech32 } from 'bech32';

export const ACCOUNT_PREFIX = 'cosmos';
const LIMIT = 1023;
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

export class AddressError extends Error {}

function decodeRaw(input: string): { hrp: string; words: number[] } {
  const raw = Buffer.from(input, 'utf8');
  if (raw.length < 8 || raw.length > LIMIT) throw new AddressError(`invalid bech32 string length ${raw.length}`);
  let lower = false;
  let upper = false;
  for (const c of raw) {
    if (c < 33 || c > 126) throw new AddressError(`invalid character in string: '${String.fromCharCode(c)}'`);
    lower ||= c >= 97 && c <= 122;
    upper ||= c >= 65 && c <= 90;
    if (lower && upper) throw new AddressError('string not all lowercase or all uppercase');
  }
  const s = raw.toString('latin1').toLowerCase();
  const one = s.lastIndexOf('1');
  if (one < 1 || one + 7 > s.length) throw new AddressError(`invalid separator index ${one}`);
  const hrp = s.slice(0, one);
  const data = s.slice(one + 1);
  const decoded: number[] = [];
  for (const ch of data) {
    const v = CHARSET.indexOf(ch);
    if (v === -1) throw new AddressError(`invalid character not part of charset: ${ch.charCodeAt(0)}`);
    decoded.push(v);
  }
  const words = decoded.slice(0, -6);
  const expected = bech32.encode(hrp, words, LIMIT).slice(-6);
  const actual = data.slice(-6);
  if (expected !== actual) throw new AddressError(`invalid checksum (expected ${expected} got ${actual})`);
  return { hrp, words };
}

function convert5to8(words: number[]): Buffer {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const w of words) {
    acc = (acc << 5) | w;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 4 || acc !== 0) throw new AddressError('invalid incomplete group');
  return Buffer.from(out);
}

export interface AddressFailure {
  message: string;
}

/** Returns the address bytes, or the exact message the SDK's address codec fails with. */
export function decodeAccAddress(text: string): Buffer | AddressFailure {
  if (text.trim().length === 0) return { message: 'empty address string is not allowed' };
  let hrp: string;
  let bytes: Buffer;
  try {
    const r = decodeRaw(text);
    hrp = r.hrp;
    bytes = convert5to8(r.words);
  } catch (e) {
    if (e instanceof AddressError) return { message: `decoding bech32 failed: ${e.message}` };
    throw e;
  }
  if (hrp !== ACCOUNT_PREFIX) {
    return {
      message: `codespace sdk code 35: internal logic error: hrp does not match bech32 prefix: expected '${ACCOUNT_PREFIX}' got '${hrp}'`,
    };
  }
  if (bytes.length === 0) return { message: 'codespace sdk code 9: unknown address: addresses cannot be empty' };
  if (bytes.length > 255) {
    return { message: `codespace sdk code 9: unknown address: address max length is 255, got ${bytes.length}` };
  }
  return bytes;
}

export function encodeAccAddress(bytes: Uint8Array): string {
  return bech32.encode(ACCOUNT_PREFIX, bech32.toWords(bytes), LIMIT);
}
