import { describe, expect, it } from 'vitest';

import { crowdedFolders } from '../../scripts/folder-sizes.mjs';

describe('folder sizes', () => {
  it('names a code folder over 24 files and leaves the rest', () => {
    const files = (folder: string, count: number) => Array.from({ length: count }, (_, at) => `${folder}/f${at}.ts`);
    const crowded = crowdedFolders([
      ...files('server/node/sim', 25),
      ...files('src/lib', 24),
      ...files('docs/pages', 40),
    ]);
    expect(crowded).toEqual([{ folder: 'server/node/sim', count: 25 }]);
  });
});
