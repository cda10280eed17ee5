import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { openNode } from '../../../test/harness.ts';

// Two chains whose people share keys: what the cross-chain inbox and voter pages are tested on.
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const people = (node: ReturnType<typeof openNode>) => Object.values(node.cast.people).sort();

describe('--accounts-seed', () => {
  it('gives two chains the same people, and nothing else of each other', () => {
    const first = openNode({ seed: 'first-chain', accountsSeed: 'people' });
    const second = openNode({ seed: 'second-chain', accountsSeed: 'people' });
    expect(second.chainId).not.toBe(first.chainId);
    expect(people(second)).toEqual(people(first));
    expect(people(openNode({ seed: 'second-chain' }))).not.toEqual(people(first));
  });

  it('is kept by the data dir, so a restart has the same people', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polity-accounts-'));
    dirs.push(dataDir);
    const begun = openNode({ dataDir, seed: 'kept', accountsSeed: 'people' });
    const expected = people(begun);
    expect(people(openNode({ dataDir, seed: 'kept' }))).toEqual(expected);
    expect(people(openNode({ dataDir, seed: 'kept', accountsSeed: 'people' }))).toEqual(expected);
  });

  it('stops the start of a chain begun with other people, rather than ignore the option', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polity-accounts-'));
    dirs.push(dataDir);
    openNode({ dataDir, seed: 'kept' });
    expect(() => openNode({ dataDir, seed: 'kept', accountsSeed: 'people' })).toThrow(
      /--accounts-seed people: the chain in .*chain\.json was begun with its people from its seed/,
    );
  });
});
