// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

// The verifier (curves, ICS23, protobuf decoders: ~90 kB gzipped) must never ride in the first
// page's JavaScript, which has a 150 kB budget: the app reaches it only through dynamic imports
// and a worker. This follows the static imports of what a first visit to "/" loads — the entry,
// the overview page and the parts it loads at once — as the build's chunks would hold them.

const root = decodeURIComponent(new URL('../../../', import.meta.url).pathname);
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/g;
const VERIFIER_PACKAGES = ['@noble/curves', '@confio/ics23', 'cosmjs-types', 'protobufjs'];

function resolveFrom(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(file), specifier);
  return existsSync(target) ? target : null;
}

/** Files and packages reached from `entries` by static imports (type-only imports are erased). */
function staticReach(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file) || !/\.tsx?$/.test(file)) continue;
    files.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const resolved = resolveFrom(file, specifier);
      if (resolved) queue.push(resolved);
      else if (!specifier.startsWith('.')) packages.add(specifier);
    }
  }
  return { files, packages };
}

describe('the first page’s JavaScript', () => {
  it('holds neither the verifier nor its libraries', () => {
    const overview = path.join(root, 'src/routes/overview-page.tsx');
    const shownAtOnce = [...readFileSync(overview, 'utf8').matchAll(DYNAMIC_IMPORT)]
      .map(([, specifier]) => resolveFrom(overview, specifier))
      .filter((file): file is string => file !== null);
    const { files, packages } = staticReach([path.join(root, 'src/main.tsx'), overview, ...shownAtOnce]);
    expect(files.size).toBeGreaterThan(30);
    const relative = [...files].map((file) => path.relative(root, file));
    expect(relative.filter((file) => file.startsWith('verify/') || file.startsWith('src/features/proofs/'))).toEqual(
      [],
    );
    expect([...packages].filter((name) => VERIFIER_PACKAGES.some((heavy) => name.startsWith(heavy)))).toEqual([]);
  });

  it('reaches the verifier from a proposal page only through a dynamic import', () => {
    const page = path.join(root, 'src/routes/proposals/proposal-page.tsx');
    const { files } = staticReach([page]);
    expect([...files].some((file) => file.includes(`${path.sep}verify${path.sep}`))).toBe(false);
    expect(readFileSync(page, 'utf8')).toMatch(/import\('\.\.\/\.\.\/features\/proofs\/proof-panel\.tsx'\)/);
    const runner = readFileSync(path.join(root, 'src/features/proofs/run-verifier.ts'), 'utf8');
    expect(runner).toContain("new Worker(new URL('./verify-worker.ts', import.meta.url), { type: 'module' })");
  });
});
