import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SharedLocks, sharedStorage } from '../../test/fake-tabs.ts';
import type { KeyValueStorage } from './follow-store.ts';
import { CLAIM_CHECK_MS, LEASE_KEY, LEASE_MS, LEASE_TICK_MS, seekLeadership } from './tab-leader.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('which tab watches, through the Web Locks API', () => {
  it('one tab at a time; the next in line once it closes; a tab that closes while queueing never leads', async () => {
    const locks = new SharedLocks();
    const tab = (id: string) => seekLeadership({ tabId: id, locks, storage: null });
    const [a, b, c] = [tab('a'), tab('b'), tab('c')];
    await settle();
    expect([a.isLeader(), b.isLeader(), c.isLeader()]).toEqual([true, false, false]);
    b.release();
    a.release();
    await settle();
    expect([a.isLeader(), b.isLeader(), c.isLeader()]).toEqual([false, false, true]);
  });
});

describe('which tab watches, through a lease in localStorage (no Web Locks)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('of two tabs claiming at once, one leads; the other takes over once the lease is released', async () => {
    const storage = sharedStorage();
    const changes: string[] = [];
    const tab = (id: string, view: KeyValueStorage) =>
      seekLeadership({ tabId: id, locks: null, storage: view, onChange: (leader) => changes.push(`${id}:${leader}`) });
    const a = tab('a', storage);
    // Tabs are processes: b reads the lease before a's claim reaches it, and claims too.
    let stale = true;
    const lagging: KeyValueStorage = {
      ...storage,
      getItem: (key) => (stale ? ((stale = false), null) : storage.getItem(key)),
    };
    const b = tab('b', lagging);
    await vi.advanceTimersByTimeAsync(CLAIM_CHECK_MS);
    expect([a.isLeader(), b.isLeader()]).toEqual([false, true]);
    await vi.advanceTimersByTimeAsync(LEASE_MS * 3);
    expect([a.isLeader(), b.isLeader()]).toEqual([false, true]);
    b.release();
    await vi.advanceTimersByTimeAsync(LEASE_TICK_MS + CLAIM_CHECK_MS);
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    expect(changes).toEqual(['b:true', 'b:false', 'a:true']);
    a.release();
  });

  it('a tab that vanished without releasing (crashed, frozen) is replaced once its lease lapses', async () => {
    const storage = sharedStorage();
    storage.setItem(LEASE_KEY, JSON.stringify({ tab: 'gone', until: Date.now() + LEASE_MS }));
    const a = seekLeadership({ tabId: 'a', locks: null, storage });
    await vi.advanceTimersByTimeAsync(LEASE_MS - LEASE_TICK_MS);
    expect(a.isLeader()).toBe(false);
    await vi.advanceTimersByTimeAsync(LEASE_TICK_MS + CLAIM_CHECK_MS);
    expect(a.isLeader()).toBe(true);
    a.release();
  });
});
