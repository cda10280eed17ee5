import { describe, expect, it } from 'vitest';

import { Rng } from '../lib/rng.ts';
import { KeyRange, lengthPrefixed } from './key-range.ts';
import { VersionedTable, type ReadTable } from './versioned-table.ts';

const rowsOf = (table: ReadTable<number>) =>
  Array.from({ length: table.size }, (_, index) => [table.keyAt(index), table.valueAt(index)]);

describe('versioned table', () => {
  it('agrees with a sorted array under random writes, and every snapshot keeps its own rows', () => {
    const rng = new Rng('table', 'ops');
    const table = new VersionedTable<number>();
    const reference = new Map<string, number>();
    const snapshots: { view: ReadTable<number>; expected: [string, number][] }[] = [];
    for (let step = 0; step < 20_000; step++) {
      const key = String(rng.int(3000)).padStart(5, '0');
      if (rng.chance(0.3)) {
        table.delete(key);
        reference.delete(key);
      } else {
        table.set(key, step);
        reference.set(key, step);
      }
      if (step % 1000 === 0) {
        const expected = [...reference].sort(([a], [b]) => (a < b ? -1 : 1));
        snapshots.push({ view: table.snapshot(), expected });
      }
    }
    const expected = [...reference].sort(([a], [b]) => (a < b ? -1 : 1));
    expect(rowsOf(table)).toEqual(expected);
    expect(table.slice(0, table.size)).toEqual(expected.map(([, value]) => value));
    expect(table.slice(table.size - 1, -1)).toEqual(expected.map(([, value]) => value).reverse());
    for (const { view, expected: then } of snapshots) expect(rowsOf(view)).toEqual(then);
    expect(table.lowerBound('01500')).toBe(expected.findIndex(([key]) => key >= '01500'));
  });

  it('a snapshot cannot be written', () => {
    const table = new VersionedTable<number>();
    table.set('a', 1);
    const view = table.snapshot() as VersionedTable<number>;
    expect(() => view.set('b', 2)).toThrow(/read-only/);
  });

  it('a key range addresses rows by RowID, with or without the prefix in it', () => {
    const table = new VersionedTable<number>();
    for (const [owner, row, value] of [
      ['ab', 'r1', 1],
      ['ab', 'r2', 2],
      ['a', 'r9', 3],
      ['abc', 'r0', 4],
    ] as const) {
      table.set(lengthPrefixed(owner) + row, value);
    }
    const range = new KeyRange(table, lengthPrefixed('ab'), false);
    expect(range.values()).toEqual([1, 2]);
    expect(range.keyAt(1)).toBe('r2');
    expect(range.lowerBound('r2')).toBe(1);
    expect(range.lowerBound('zz')).toBe(2);
    expect(range.lowerBound('')).toBe(0);
    expect(new KeyRange(table, lengthPrefixed('a'), false).values()).toEqual([3]);
  });
});
