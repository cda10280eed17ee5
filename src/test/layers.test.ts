// @vitest-environment node
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer rules in eslint.config.js, run on code that breaks them (and code that does not).
const root = decodeURIComponent(new URL('../../', import.meta.url).pathname);
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('lint enforces the layers', { timeout: 60_000 }, () => {
  it('lets a feature use the layers below it', async () => {
    const code = [
      "import { Field } from '../../components/field.tsx';",
      "import { useEndpoint } from '../../hooks/use-endpoint.ts';",
      "import { PHASES } from '../../domain/proposal-phase.ts';",
      "import { voteRowId } from '../../api/row-ids.ts';",
      'export const used = [Field, useEndpoint, PHASES, voteRowId];',
    ].join('\n');
    expect(await problems('src/features/groups/layers-probe.ts', code)).toEqual([]);
  });

  it('stops a feature from importing app/', async () => {
    const code = "import { createRouter } from '../../app/router.tsx';\nexport const used = createRouter;\n";
    expect(await problems('src/features/groups/layers-probe.ts', code)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Features sit below app\/ and routes\/\./),
    ]);
  });

  it('stops a feature from importing another feature', async () => {
    const code = "import { proposalQueries } from '../proposals/queries.ts';\nexport const used = proposalQueries;\n";
    expect(await problems('src/features/groups/layers-probe.ts', code)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Features never import each other/),
    ]);
  });

  it('stops a route from importing the router that loads it', async () => {
    const code = "import { routeTable } from '../app/router.tsx';\nexport const used = routeTable;\n";
    expect(await problems('src/routes/layers-probe.tsx', code)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Routes are composed by app\//),
    ]);
  });

  it('stops the api layer from climbing', async () => {
    const code = "import { dec } from '../lib/decimal.ts';\nexport const used = dec;\n";
    expect(await problems('src/api/layers-probe.ts', code)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*api\/ stands alone/),
    ]);
  });

  it('finds an import circle', async () => {
    // search-target.ts imports ids.ts; ids.ts importing it back closes a circle.
    const code = "import { searchTarget } from '../text/search-target.ts';\nexport const used = searchTarget;\n";
    expect(await problems('src/lib/chain/ids.ts', code)).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });
});
