// Go's encoding/base64 decoder (padded alphabets), reproduced for its error positions:
// the gateway reports `illegal base64 data at input byte N` for a bad pagination.key.

import { GoParseError } from './go-strconv.ts';

const STD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function decodeMap(alphabet: string): Int16Array {
  const m = new Int16Array(256).fill(-1);
  for (let i = 0; i < alphabet.length; i++) m[alphabet.charCodeAt(i)] = i;
  return m;
}
const STD_MAP = decodeMap(STD);
const URL_MAP = decodeMap(URL);

const corrupt = (n: number) => new GoParseError(`illegal base64 data at input byte ${n}`);

function decodeWith(map: Int16Array, src: Uint8Array): Uint8Array {
  const out: number[] = [];
  let si = 0;
  const isNl = (c: number) => c === 10 || c === 13;
  while (si < src.length) {
    const dbuf = [0, 0, 0, 0];
    let dlen = 4;
    let done = false;
    for (let j = 0; j < 4; j++) {
      if (src.length === si) {
        if (j === 0) return Uint8Array.from(out);
        throw corrupt(si - j);
      }
      const inp = src[si];
      si++;
      const v = map[inp];
      if (v !== -1) {
        dbuf[j] = v;
        continue;
      }
      if (isNl(inp)) {
        j--;
        continue;
      }
      if (inp !== 61) throw corrupt(si - 1);
      if (j === 0 || j === 1) throw corrupt(si - 1);
      if (j === 2) {
        while (si < src.length && isNl(src[si])) si++;
        if (si === src.length) throw corrupt(src.length);
        if (src[si] !== 61) throw corrupt(si - 1);
        si++;
      }
      while (si < src.length && isNl(src[si])) si++;
      if (si < src.length) throw corrupt(si);
      dlen = j;
      done = true;
      break;
    }
    const val = (dbuf[0] << 18) | (dbuf[1] << 12) | (dbuf[2] << 6) | dbuf[3];
    const bytes = [(val >> 16) & 0xff, (val >> 8) & 0xff, val & 0xff];
    out.push(...bytes.slice(0, dlen - 1));
    if (done) break;
  }
  return Uint8Array.from(out);
}

/** runtime.Bytes of grpc-gateway v1: standard base64 first, then URL-safe; the second error wins. */
export function gatewayBytes(value: string): Uint8Array {
  const src = Buffer.from(value, 'utf8');
  try {
    return decodeWith(STD_MAP, src);
  } catch {
    return decodeWith(URL_MAP, src);
  }
}
