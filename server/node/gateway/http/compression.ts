import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';

// Content negotiation for the front's answers. Built files come precompressed from the build
// (scripts/compress-assets.mjs); JSON answers are compressed as they leave, and only for a
// client that said it accepts the coding. Without Accept-Encoding every byte stays as it was.

export type ContentCoding = 'br' | 'gzip';

/** Codings in the order this server prefers them when the client likes both equally. */
const PREFERENCE: readonly ContentCoding[] = ['br', 'gzip'];

/** Below this a compressed body saves less than its headers and the time spent compressing. */
export const MIN_COMPRESSED_BYTES = 1024;

const COMPRESSIBLE_TYPE = /^(application\/(json|atom\+xml)|text\/|image\/svg\+xml)/;

/** Whether answers of this content type may be sent compressed (and so must carry Vary). */
export const isCompressible = (contentType: string | undefined) =>
  contentType !== undefined && COMPRESSIBLE_TYPE.test(contentType);

/**
 * The coding to answer with, from an Accept-Encoding header (RFC 9110 §12.5.3): the acceptable
 * coding with the highest q among those `available`, "*" standing for any not named, q=0
 * refusing. Null means identity.
 */
export function negotiateEncoding(
  acceptEncoding: string | string[] | undefined,
  available: readonly ContentCoding[] = PREFERENCE,
): ContentCoding | null {
  if (acceptEncoding === undefined) return null;
  const weights = new Map<string, number>();
  for (const item of String(acceptEncoding).split(',')) {
    const [name = '', ...params] = item.trim().toLowerCase().split(';');
    if (name === '') continue;
    const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)).find(Boolean);
    weights.set(name.trim(), q ? Number(q[1]) : 1);
  }
  let best: ContentCoding | null = null;
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    if (!available.includes(coding)) continue;
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A body compressed for the wire. Answers are made per request, so the levels favour speed
 * (brotli 5, gzip 6): about as small as the best levels on JSON, at a fraction of the time.
 */
export function compressBody(body: string | Buffer, coding: ContentCoding): Promise<Buffer> {
  const input = typeof body === 'string' ? Buffer.from(body) : body;
  return coding === 'br'
    ? brotli(input, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: input.length,
        },
      })
    : gzipAsync(input, { level: 6 });
}

/** Bodies (counted in characters) and their compressed forms kept at most: a few hundred typical answers. */
const CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Compressed answers by coding and exact body. Many clients polling the same endpoint at the
 * same height get the same bytes: they are compressed once (even when asked for at the same
 * moment, which shares one compression) instead of once per request. Least recently used first out.
 */
export class CompressionCache {
  private readonly entries = new Map<string, { compressed: Promise<Buffer>; bytes: number }>();
  private bytes = 0;

  constructor(private readonly limit = CACHE_BYTES) {}

  compress(body: string, coding: ContentCoding): Promise<Buffer> {
    const key = coding + body;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.compressed;
    }
    const compressed = compressBody(body, coding);
    // The key holds the body; the compressed bytes are added once they exist.
    const entry = { compressed, bytes: key.length };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    compressed.then(
      (buffer) => {
        if (this.entries.get(key) !== entry) return;
        this.bytes += buffer.length;
        entry.bytes += buffer.length;
      },
      () => {
        if (this.entries.get(key) === entry) this.forget(key);
      },
    );
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.limit || oldest === key) break;
      this.forget(oldest);
    }
    return compressed;
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** Adds Accept-Encoding to a Vary header value, keeping what was there. */
export function varyOnEncoding(vary: string | undefined): string {
  if (vary === undefined || vary.trim() === '') return 'Accept-Encoding';
  return /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary) ? vary : `${vary}, Accept-Encoding`;
}
