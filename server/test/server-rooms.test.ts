import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The server's room rules in eslint.config.js, run on code that breaks them and code that keeps them.
const root = decodeURIComponent(new URL('../../', import.meta.url).pathname);
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('lint keeps the server rooms apart', { timeout: 60_000 }, () => {
  it('stops the archive from importing the node', async () => {
    const code = "import type { Proposal } from '../node/chain/records.ts';\nexport type Used = Proposal;\n";
    expect(await problems('server/archive/rooms-probe.ts', code)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never its code/),
    ]);
  });

  it('stops the node from importing the archive: main composes the two', async () => {
    const code =
      "import { archiveMount } from '../../archive/api/archive-mount.ts';\nexport const used = archiveMount;\n";
    expect(await problems('server/node/gateway/rooms-probe.ts', code)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports the archive/),
    ]);
  });

  it("keeps the archive's database connection inside its storage layer", async () => {
    const code = "import type { SqlDatabase } from '../store/db/sql-database.ts';\nexport type Used = SqlDatabase;\n";
    expect(await problems('server/archive/follower/rooms-probe.ts', code)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*storage layer/),
    ]);
    const store = "import { readCursor } from '../store/cursor-store.ts';\nexport const used = readCursor;\n";
    expect(await problems('server/archive/follower/rooms-probe.ts', store)).toEqual([]);
  });

  // The archive's own rooms: a probe file in one, importing one name from another, and the wall it meets (null: none).
  it.each([
    ['follower/tip', '../follower.ts', 'Follower', /never the other way/],
    ['follower/backfill', '../fill/gap-fill.ts', 'GapFill', /uses only the rooms below it/],
    ['follower/fill', '../lane/lane.ts', 'Lane', null],
    ['store/groups', '../../source/rest-reader.ts', 'RestReader', /records it keeps/],
    ['store/groups', '../../node-records.ts', 'NodeGroup', null],
  ])('in archive/%s, an import of %s meets the wall it should', async (room, path, name, wall) => {
    const code = `import type { ${name} } from '${path}';\nexport type Used = ${name};\n`;
    const expected = wall ? [expect.stringMatching(new RegExp(`^import-x/no-restricted-paths: .*${wall.source}`))] : [];
    expect(await problems(`server/archive/${room}/rooms-probe.ts`, code)).toEqual(expected);
  });

  it('stops the simulator from importing the gateway, and the gateway from touching a table', async () => {
    const sim = "import { handleApi } from '../gateway/handle-api.ts';\nexport const used = handleApi;\n";
    expect(await problems('server/node/sim/rooms-probe.ts', sim)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never serves them/),
    ]);
    const gateway =
      "import { VersionedTable } from '../store/versioned-table.ts';\nexport const used = VersionedTable;\n";
    expect(await problems('server/node/gateway/rooms-probe.ts', gateway)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never touches a table/),
    ]);
  });

  it('lets each room use the rooms below it', async () => {
    const code = [
      "import { GroupQueries } from '../queries/group-queries.ts';",
      "import type { Proposal } from '../chain/records.ts';",
      "import { unknownError } from '../../lib/grpc-status.ts';",
      'export const used: [typeof GroupQueries, Proposal | null, typeof unknownError] = [GroupQueries, null, unknownError];',
    ].join('\n');
    expect(await problems('server/node/gateway/rooms-probe.ts', code)).toEqual([]);
  });

  it('keeps the verifier pure: no Node API, neither the dashboard nor the server', async () => {
    const code = "import { readFileSync } from 'node:fs';\nexport const used = readFileSync;\n";
    expect(await problems('verify/rooms-probe.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*no Node API/),
    ]);
    const server =
      "import { ARCHIVE_PREFIX } from '../server/archive/api/archive-http.ts';\nexport const used = ARCHIVE_PREFIX;\n";
    expect(await problems('verify/rooms-probe.ts', server)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*neither the dashboard nor the server/),
    ]);
  });

  it('stops a file, a test as much as any, at 300 lines', async () => {
    const lines = (count: number) =>
      `${Array.from({ length: count - 1 }, (_, index) => `export const line${index} = ${index};`).join('\n')}\n`;
    expect(await problems('server/node/gateway/rooms-probe.ts', lines(300))).toEqual([]);
    expect(await problems('server/node/gateway/rooms-probe.test.ts', lines(302))).toEqual([
      expect.stringMatching(/^max-lines: File has too many lines \(30[12]\)/),
    ]);
  });
});
