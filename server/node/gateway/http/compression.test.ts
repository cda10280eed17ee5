import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { G, openNode } from '../../../test/harness.ts';
import { QueryService } from '../../queries/query-service.ts';
import { negotiateEncoding } from './compression.ts';
import { createPolityServer } from './http-server.ts';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly the headers given (fetch would add Accept-Encoding and decode by itself). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

let base = '';
let dist = '';
let close: () => void = () => undefined;
const script = `console.log(${JSON.stringify('polity '.repeat(400))});`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'polity-compress-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Polity</title>');
  writeFileSync(join(dist, 'assets', 'app-abc.js'), script);
  writeFileSync(join(dist, 'assets', 'app-abc.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets', 'app-abc.js.gz'), gzipSync(script));
  // A mounted answer named by a strong ETag of its bytes, as a proof bundle is.
  const bundle = JSON.stringify({ facts: Array.from({ length: 200 }, (_, index) => ({ index })) });
  const mounts = [
    (_method: string, rawPath: string) =>
      rawPath === '/bundle'
        ? Promise.resolve({
            status: 200,
            headers: { 'Content-Type': 'application/json', ETag: '"abc123"' },
            body: bundle,
          })
        : null,
  ];
  const server = createPolityServer({ queries: new QueryService(openNode(), 'extended'), distDir: dist, mounts });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => {
    server.closeAllConnections();
    server.close();
  };
});
afterAll(() => {
  close();
  rmSync(dist, { recursive: true, force: true });
});

describe('choosing a coding from Accept-Encoding', () => {
  it('prefers brotli, honours q-values, q=0 and the wildcard', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, *')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('gzip, br', ['gzip'])).toBe('gzip');
  });
});

describe('a strong ETag', () => {
  it('stays strong on the bytes as given and goes weak on a compressed copy of them', async () => {
    expect((await rawGet(`${base}/bundle`)).headers.etag).toBe('"abc123"');
    const zipped = await rawGet(`${base}/bundle`, { 'Accept-Encoding': 'gzip' });
    expect([zipped.headers['content-encoding'], zipped.headers.etag]).toEqual(['gzip', 'W/"abc123"']);
  });
});

describe('API answers', () => {
  const path = `${G}/groups?pagination.limit=100`;
  it('are byte-identical without Accept-Encoding, and say they vary on it', async () => {
    const plain = await rawGet(base + path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(() => JSON.parse(plain.body.toString())).not.toThrow();
  });
  it('are compressed for a client that accepts it, with the length of the bytes sent', async () => {
    const plain = await rawGet(base + path);
    const br = await rawGet(base + path, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await rawGet(base + path, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });
  it('leave small bodies alone', async () => {
    const small = await rawGet(`${base}${G}/group_info/1`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('Accept-Encoding');
  });
});

describe('built files', () => {
  it('are sent precompressed with their own ETag, immutable when hashed', async () => {
    const plain = await rawGet(`${base}/assets/app-abc.js`);
    const br = await rawGet(`${base}/assets/app-abc.js`, { 'accept-encoding': 'br, gzip' });
    const gz = await rawGet(`${base}/assets/app-abc.js`, { 'accept-encoding': 'gzip' });
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(gunzipSync(gz.body).toString()).toBe(script);
    for (const answer of [plain, br, gz]) {
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toBe('Accept-Encoding');
    }
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
  });
  it('answer 304 to a matching If-None-Match, and revalidate index.html', async () => {
    const first = await rawGet(`${base}/assets/app-abc.js`, { 'accept-encoding': 'br' });
    const again = await rawGet(`${base}/assets/app-abc.js`, {
      'accept-encoding': 'br',
      'if-none-match': first.headers.etag ?? '',
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const page = await rawGet(`${base}/proposals/5`);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toMatch(/^".+"$/);
  });
});
