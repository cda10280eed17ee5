import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { G, startHarness, type Harness } from '../../../test/harness.ts';
import { CompressionCache, negotiateEncoding } from './compression.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());

/** The raw answer, as a client that asked for `encoding` receives it. */
function raw(path: string, encoding: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${harness.base}${path}`, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('compressed JSON answers', () => {
  it('follows Accept-Encoding: brotli preferred, gzip when asked, nothing refused with q=0', () => {
    expect(negotiateEncoding('gzip, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it('sends the same JSON, byte for byte, whichever coding the client accepts', async () => {
    const path = `${G}/groups?pagination.limit=50`;
    const plain = await raw(path, 'identity');
    const brotli = await raw(path, 'br');
    const gzipped = await raw(path, 'gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 3);
  });

  it('compresses an answer many clients ask for at once only once', async () => {
    const cache = new CompressionCache();
    const body = JSON.stringify({ votes: Array.from({ length: 100 }, (_, index) => ({ voter: `cosmos1v${index}` })) });
    const asked = Array.from({ length: 64 }, () => cache.compress(body, 'gzip'));
    expect(new Set(asked).size).toBe(1);
    expect(gunzipSync(await asked[0]).toString()).toBe(body);
    // Another coding, or another body, is another entry.
    expect(cache.compress(body, 'br')).not.toBe(asked[0]);
    expect(cache.compress(`${body} `, 'gzip')).not.toBe(asked[0]);
  });

  it('keeps at most its byte limit, letting the least recently used answer go first', async () => {
    const body = (n: number) => JSON.stringify({ n, pad: 'x'.repeat(4000) });
    const cache = new CompressionCache(10_000);
    const first = cache.compress(body(1), 'gzip');
    await first;
    const second = cache.compress(body(2), 'gzip');
    await second;
    expect(cache.compress(body(1), 'gzip')).toBe(first); // used again: now the most recent
    await cache.compress(body(3), 'gzip'); // over the limit: body 2 goes
    expect(cache.compress(body(1), 'gzip')).toBe(first);
    expect(cache.compress(body(2), 'gzip')).not.toBe(second);
  });
});
