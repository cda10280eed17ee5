// What a first visit transfers for the app's own files, per page: index.html, the entry chunk,
// the page's lazy route chunk, the sections it loads lazily, and every chunk and stylesheet they
// import statically, as the
// service sends them (the .br and .gz files the build writes; a browser that accepts brotli gets
// the .br). Run after `npm run build`. API answers come on top: `node scripts/first-view.mjs`
// measures a whole cold proposal page, JSON included.
import { existsSync, readFileSync, statSync } from 'node:fs';

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
/** Budget for the JavaScript of the first page ("/"), in gzip kB (what any browser is sent). */
const LIMIT_KB = 150;

const size = (file) => (existsSync(file) ? statSync(file).size : null);
/** Bytes on the wire for one file in a coding: its precompressed variant, or the file itself. */
const sent = (file, suffix) => size(`dist/${file}${suffix}`) ?? size(`dist/${file}`);

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** Lazy parts that load only on a user's action (a search's results), never on a first view. */
const ON_DEMAND = [/features\/search\/search-results\.tsx$/];

function pageFiles(route) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const page = Object.keys(manifest).find((key) => key.endsWith(route));
  // The page's own lazy parts (sections it always shows once its data is in) count too.
  const shown = (manifest[page].dynamicImports ?? []).filter((key) => !ON_DEMAND.some((pattern) => pattern.test(key)));
  const chunks = closure([entry, page, ...shown]);
  const files = new Set(['index.html']);
  for (const key of chunks) {
    files.add(manifest[key].file);
    for (const css of manifest[key].css ?? []) files.add(css);
  }
  return [...files];
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const column = (text) => text.padStart(10);

function report(name, route) {
  const files = pageFiles(route);
  const totals = { raw: 0, gzip: 0, brotli: 0, jsBrotli: 0, jsGzip: 0 };
  for (const file of files) {
    const raw = size(`dist/${file}`);
    const gzip = sent(file, '.gz');
    const brotli = sent(file, '.br');
    totals.raw += raw;
    totals.gzip += gzip;
    totals.brotli += brotli;
    if (file.endsWith('.js')) {
      totals.jsBrotli += brotli;
      totals.jsGzip += gzip;
    }
    if (process.env.VERBOSE) console.log(`${column(kB(brotli))} br ${column(kB(gzip))} gz  ${file}`);
  }
  console.log(
    `${name}: ${files.length} files, ${kB(totals.raw)} raw → transferred ${kB(totals.brotli)} with brotli, ` +
      `${kB(totals.gzip)} with gzip (JavaScript: ${kB(totals.jsBrotli)} br, ${kB(totals.jsGzip)} gz)`,
  );
  return totals;
}

const first = report('first visit to "/"', 'overview-page.tsx');
report('first visit to a proposal page', 'proposal-page.tsx');
console.log(
  `budget: first-page JavaScript ≤ ${LIMIT_KB} kB gzipped (is ${kB(first.jsGzip)}; ${kB(first.jsBrotli)} with brotli)`,
);
if (first.jsGzip / 1024 > LIMIT_KB) process.exitCode = 1;
