import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { describe, expect, it } from 'vitest';

// SQL text lives only in the archive's storage layer (server/archive/store/): the follower, the
// API, the benchmarks and the node hand facts and questions to it, never statements.

const root = decodeURIComponent(new URL('../../../', import.meta.url).pathname);
const STORE = 'server/archive/store/';
/** The benchmarks' made-up archive of a million votes, written straight into the schema. */
const BENCH_FILL = 'server/bench/synthetic-archive.ts';

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
    expect(withSql(files.filter((file) => !file.startsWith(STORE) && file !== BENCH_FILL))).toEqual([]);
  });

  it('recognises the statements the storage layer does hold (so the check above can fail)', () => {
    const store = withSql(files.filter((file) => file.startsWith(STORE)));
    for (const subject of ['proposals/proposal', 'votes/vote', 'groups/group', 'policies/policy', 'upgrades/upgrade'])
      for (const part of ['writes', 'reads']) expect(store).toContain(`${STORE}${subject}-${part}.ts`);
  });

  it("keeps the views across subjects (feeds, inbox, a voter's record, searches) to reading", () => {
    const writes = /\b(INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX)|DROP\s+|ALTER\s+TABLE)/;
    const views = files.filter((file) => file.startsWith(`${STORE}views/`));
    expect(views.length).toBeGreaterThan(3);
    expect(views.filter((file) => writes.test(readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });
});
