import { createReadStream, statSync, type Stats } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

import { negotiateEncoding, varyOnEncoding, type ContentCoding } from './compression.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export const SECURITY_HEADERS: Record<string, string> = {
  // connect-src stays open to http(s) because users may point the dashboard at any chain's REST endpoint.
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
    "connect-src 'self' http: https:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** The build writes NAME.br and NAME.gz beside each compressible file (scripts/compress-assets.mjs). */
const SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

const fileStats = (path: string): Stats | null => {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
};

/** One validator per file and coding: a compressed variant is a different representation. */
const etagOf = (stats: Stats, coding: ContentCoding | null) =>
  `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}${coding ? `-${coding}` : ''}"`;

/**
 * Serves the built dashboard; unknown paths get index.html so deep links survive a reload.
 * Hashed files (assets/) are immutable for a year; index.html is revalidated by ETag. A client
 * that accepts brotli or gzip gets the precompressed file, with Content-Length and ETag of the
 * bytes actually sent.
 */
export function serveStatic(distDir: string, urlPath: string, res: ServerResponse): void {
  const root = resolve(distDir);
  let rel: string;
  try {
    rel = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  } catch {
    rel = '/';
  }
  let file = join(root, rel);
  const isAsset = file.startsWith(root) && fileStats(file) !== null;
  if (!isAsset) file = join(root, 'index.html');
  const original = fileStats(file);
  if (!original) {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
    res.end('The dashboard is not built yet: run `npm run build` (npm start does it for you).\n');
    return;
  }
  const variants = (Object.keys(SUFFIX) as ContentCoding[]).filter((coding) => fileStats(file + SUFFIX[coding]));
  const coding = variants.length > 0 ? negotiateEncoding(res.req.headers['accept-encoding'], variants) : null;
  const sent = coding ? file + SUFFIX[coding] : file;
  const stats = coding ? fileStats(sent)! : original;
  const etag = etagOf(stats, coding);
  const hashed = isAsset && rel.startsWith('/assets/');
  const headers: Record<string, string | number> = {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    ETag: etag,
    ...SECURITY_HEADERS,
  };
  if (variants.length > 0) headers.Vary = varyOnEncoding(undefined);
  if (res.req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  if (coding) headers['Content-Encoding'] = coding;
  headers['Content-Length'] = stats.size;
  res.writeHead(200, headers);
  createReadStream(sent).pipe(res);
}
