import { describe, expect, it } from 'vitest';

import { compareRoot, readRootMemory, rememberRoot, ROOTS_KEY, type KeyValueStorage } from './root-memory.ts';

function storage(initial: Record<string, string> = {}): KeyValueStorage & { values: Record<string, string> } {
  const values = { ...initial };
  return {
    values,
    getItem: (key) => values[key] ?? null,
    setItem: (key, value) => {
      values[key] = value;
    },
  };
}

const A = { height: '518402', hash: 'AB'.repeat(32) };
const B = { height: '518402', hash: 'CD'.repeat(32) };

describe('the roots a reader has checked', () => {
  it('says first, then the same root since its first check, then a different one with the one before', () => {
    const kept = storage();
    const memoryOf = () => {
      const read = readRootMemory(kept);
      if (!read || 'damaged' in read) throw new Error('unreadable');
      return read.memory;
    };
    expect(compareRoot(memoryOf(), 'chain-1', A)).toEqual({ kind: 'first' });
    expect(rememberRoot(kept, 'chain-1', A, '2026-11-28T10:00:00.000Z')).toBe(true);
    expect(rememberRoot(kept, 'chain-1', A, '2026-11-29T10:00:00.000Z')).toBe(true);
    expect(compareRoot(memoryOf(), 'chain-1', A)).toEqual({ kind: 'same', since: '2026-11-28T10:00:00.000Z' });
    expect(compareRoot(memoryOf(), 'chain-1', B)).toEqual({
      kind: 'different',
      previous: { ...A, firstChecked: '2026-11-28T10:00:00.000Z', lastChecked: '2026-11-29T10:00:00.000Z' },
    });
    // Another chain's roots are its own.
    expect(compareRoot(memoryOf(), 'chain-2', B)).toEqual({ kind: 'first' });
  });

  it('leaves a damaged memory as it is and says so', () => {
    const kept = storage({ [ROOTS_KEY]: '{"chain-1":[{"height":"x"}]}' });
    expect(readRootMemory(kept)).toEqual({ damaged: 'the roots of chain-1 are not roots' });
    expect(rememberRoot(kept, 'chain-1', A, '2026-11-28T10:00:00.000Z')).toBe(false);
    expect(kept.values[ROOTS_KEY]).toBe('{"chain-1":[{"height":"x"}]}');
  });
});
