import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

// SQL text lives only in the archive's storage layer (server/archive/store/): the follower, the
// API, the benchmarks and the node hand facts and questions to it, never statements.

const root = decodeURIComponent(new URL('../../', import.meta.url).pathname);
const STORE = 'server/archive/store/';

/** A statement's opening words, as the archive writes them (upper case). */
const SQL =
  /\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX|DATABASE)|DROP\s+(TABLE|DATABASE)|ALTER\s+TABLE|ANALYZE\b|ON\s+CONFLICT)/;

function sourceFiles(directory: string): string[] {
  return readdirSync(join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = `${directory}/${entry.name}`;
    if (entry.isDirectory()) return path === 'server/test' ? [] : sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const withSql = (files: string[]) =>
  files
    .filter((file) => SQL.test(readFileSync(join(root, file), 'utf8')))
    .map((file) => relative(root, join(root, file)));

describe('the archive keeps its SQL behind its storage walls', () => {
  const files = sourceFiles('server');

  it('finds SQL text nowhere in the service outside server/archive/store/', () => {
    expect(withSql(files.filter((file) => !file.startsWith(STORE)))).toEqual([]);
  });

  it('recognises the statements the storage layer does hold (so the check above can fail)', () => {
    const store = withSql(files.filter((file) => file.startsWith(STORE)));
    for (const subject of [
      'proposal-store.ts',
      'vote-store.ts',
      'group-store.ts',
      'policy-store.ts',
      'upgrade-store.ts',
    ])
      expect(store).toContain(`${STORE}${subject}`);
  });
});
