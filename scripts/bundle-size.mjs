// Prints the gzipped JavaScript a first visit to "/" downloads: the entry chunk, the overview
// route's lazy chunk, and every chunk they import statically. Run after `vite build`.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
const LIMIT_KB = 150;

function closure(keys) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const overview = Object.keys(manifest).find((k) => k.endsWith('overview-page.tsx'));
const chunks = closure([entry, overview]);
let total = 0;
for (const k of chunks) {
  const file = manifest[k].file;
  if (!file.endsWith('.js')) continue;
  const gz = gzipSync(readFileSync(`dist/${file}`), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} kB  ${file}`);
}
const allJs = Object.values(manifest).filter((m) => m.file.endsWith('.js'));
const everything = allJs.reduce((n, m) => n + gzipSync(readFileSync(`dist/${m.file}`), { level: 9 }).length, 0);
console.log(
  `first route "/": ${(total / 1024).toFixed(1)} kB gzipped JavaScript (limit ${LIMIT_KB} kB); all routes: ${(everything / 1024).toFixed(1)} kB`,
);
if (total / 1024 > LIMIT_KB) process.exitCode = 1;
