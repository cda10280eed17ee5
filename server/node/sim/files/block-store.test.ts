import { describe, expect, it } from 'vitest';

import type { BlockRecord } from '../../chain/block.ts';
import { BlockStore } from './block-store.ts';

const block = (height: bigint) => ({ height }) as BlockRecord;

describe('the blocks a node keeps', () => {
  it('are the latest `keep`, each found by its height, through many compactions', () => {
    const store = new BlockStore(100);
    expect(store.base).toBeNull();
    for (let height = 518402n; height < 528402n; height++) {
      store.add(block(height));
      const lowest = height - 99n > 518402n ? height - 99n : 518402n;
      expect(store.base).toBe(lowest);
      expect(store.get(lowest - 1n)).toBeUndefined();
      expect(store.get(lowest)?.height).toBe(lowest);
      expect(store.get(height)?.height).toBe(height);
      expect(store.get(height + 1n)).toBeUndefined();
    }
  });

  it('keep 0 keeps none, and a block out of order starts the store over', () => {
    const none = new BlockStore(0);
    none.add(block(5n));
    expect([none.base, none.get(5n), none.latest?.height]).toEqual([null, undefined, 5n]);
    const store = new BlockStore(10);
    for (let height = 1n; height <= 5n; height++) store.add(block(height));
    store.add(block(100n));
    expect([store.base, store.get(3n), store.get(100n)?.height]).toEqual([100n, undefined, 100n]);
  });
});
