import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { nameOf } from './metadata-name.ts';

// The same file drives the dashboard's tests: a name the archive finds by search is the name the
// dashboard shows.
const vectors = JSON.parse(
  readFileSync(new URL('../../test-vectors/metadata-names.json', import.meta.url), 'utf8'),
) as { names: { metadata: string; name: string; why: string }[] };

describe.each(vectors.names)('the name in $metadata', ({ metadata, name, why }) => {
  it(`is ${JSON.stringify(name)}: ${why}`, () => {
    expect(nameOf(metadata)).toBe(name);
  });
});
