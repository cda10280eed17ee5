import type { KeyValueStorage } from '../features/following/follow-store.ts';
import type { LockRequester } from '../features/following/tab-leader.ts';

// Several tabs of one browser, as the Following watcher sees them: the locks and the storage they share.

/** navigator.locks as several tabs of one browser share it: one holder per name, the others queue in order. */
export class SharedLocks implements LockRequester {
  private readonly holders = new Set<string>();
  private readonly waiting = new Map<string, (() => void)[]>();

  async request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>) {
    if (this.holders.has(name)) {
      await new Promise<void>((resolve, reject) => {
        const queue = this.waiting.get(name) ?? [];
        this.waiting.set(name, queue);
        queue.push(resolve);
        options.signal?.addEventListener('abort', () => {
          queue.splice(queue.indexOf(resolve), 1);
          reject(new DOMException('queueing for the lock was aborted', 'AbortError'));
        });
      });
    }
    this.holders.add(name);
    try {
      return await callback();
    } finally {
      this.holders.delete(name);
      this.waiting.get(name)?.shift()?.();
    }
  }
}

/** One localStorage shared by every tab of the test. */
export function sharedStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/**
 * localStorage as tabs in separate processes see it: what one tab writes reaches the others only
 * at sync(), so tabs acting at the same moment each act on what they last saw.
 */
export class TabStorages {
  private readonly shared = new Map<string, string>();
  private readonly views: { seen: Map<string, string | null>; written: Map<string, string | null> }[] = [];

  view(): KeyValueStorage {
    const view = { seen: new Map<string, string | null>(this.shared), written: new Map<string, string | null>() };
    this.views.push(view);
    const write = (key: string, value: string | null) => {
      view.seen.set(key, value);
      view.written.set(key, value);
    };
    return {
      getItem: (key) => view.seen.get(key) ?? null,
      setItem: (key, value) => write(key, value),
      removeItem: (key) => write(key, null),
    };
  }

  /** Every tab's writes reach the others (the later write of a key wins). */
  sync(): void {
    for (const view of this.views) {
      for (const [key, value] of view.written) {
        if (value === null) this.shared.delete(key);
        else this.shared.set(key, value);
      }
      view.written.clear();
    }
    for (const view of this.views) view.seen = new Map(this.shared);
  }
}
