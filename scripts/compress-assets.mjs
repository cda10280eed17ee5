// Writes NAME.br and NAME.gz beside every compressible file of the build (run after `vite build`),
// at the highest levels: this runs once per build, so the service can send the smallest bytes
// without compressing anything per request. A variant that would not be smaller is not written.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

import { gzipAsync } from '@gfx/zopfli';

const DIST = process.argv[2] ?? 'dist';
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.map']);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let original = 0;
let brotli = 0;
let gzip = 0;
for (const file of [...files(DIST)]) {
  if (!COMPRESSIBLE.has(extname(file))) continue;
  const bytes = readFileSync(file);
  const variants = {
    '.br': brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    // Zopfli writes ordinary gzip a few per cent smaller than zlib's best, at build time only.
    '.gz': Buffer.from(await gzipAsync(bytes, { numiterations: 15 })),
  };
  original += bytes.length;
  for (const [suffix, compressed] of Object.entries(variants)) {
    if (compressed.length >= bytes.length) {
      rmSync(file + suffix, { force: true });
      continue;
    }
    writeFileSync(file + suffix, compressed);
    if (suffix === '.br') brotli += compressed.length;
    else gzip += compressed.length;
  }
}
const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log(`compressed ${DIST}: ${kB(original)} → brotli ${kB(brotli)}, gzip ${kB(gzip)}`);
