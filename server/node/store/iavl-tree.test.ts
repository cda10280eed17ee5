import { describe, expect, it } from 'vitest';

import { rootHash } from './iavl-hash.ts';
import { build, emptyValue, find, insert, leaf, leavesOf, remove, type TreeNode } from './iavl-tree.ts';

// The tree's shape, and so its hash, depends on its keys and versions alone, never on the order
// of the writes that made it: a chain rebuilt from a snapshot must hash as the one that ran.

const key = (n: number) => `k${String(n).padStart(5, '0')}`;
const entry = (n: number, version = 1) => leaf(key(n), null, emptyValue, version);

function shuffled(count: number, seed: number): number[] {
  const out = Array.from({ length: count }, (_, i) => i);
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const hex = (root: TreeNode | null) => Buffer.from(rootHash(root)).toString('hex');

describe('the store tree', () => {
  it('has one shape and hash for one set of keys, whatever the order of writes', () => {
    const built = build(Array.from({ length: 2000 }, (_, i) => entry(i)));
    let inserted: TreeNode | null = null;
    for (const n of shuffled(2600, 7)) inserted = insert(inserted, entry(n));
    for (const n of shuffled(2600, 11)) if (n >= 2000) inserted = remove(inserted, key(n));
    expect(hex(inserted)).toBe(hex(built));
    expect(leavesOf(inserted).map((node) => node.key)).toEqual(leavesOf(built).map((node) => node.key));
    expect(built?.height).toBeLessThan(40);
  });

  it('keeps older roots as they were, and a rewrite changes the version it hashes', () => {
    const before = build(Array.from({ length: 100 }, (_, i) => entry(i)));
    const hashBefore = hex(before);
    const after = insert(before, entry(42, 2));
    expect(hex(before)).toBe(hashBefore);
    expect(hex(after)).not.toBe(hashBefore);
    expect(find(after, key(42))?.version).toBe(2);
    expect(find(before, key(42))?.version).toBe(1);
    expect(remove(after, 'absent')).toBe(after);
  });
});
