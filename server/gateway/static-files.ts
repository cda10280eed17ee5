import { createReadStream, existsSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

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

/** Serves the built dashboard; unknown paths get index.html so deep links survive a reload. */
export function serveStatic(distDir: string, urlPath: string, res: ServerResponse): void {
  const root = resolve(distDir);
  let rel: string;
  try {
    rel = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  } catch {
    rel = '/';
  }
  let file = join(root, rel);
  const isAsset = file.startsWith(root) && existsSync(file) && statSync(file).isFile();
  if (!isAsset) file = join(root, 'index.html');
  if (!existsSync(file)) {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS });
    res.end('The dashboard is not built yet: run `npm run build` (npm start does it for you).\n');
    return;
  }
  const hashed = isAsset && rel.startsWith('/assets/');
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...SECURITY_HEADERS,
  });
  createReadStream(file).pipe(res);
}
