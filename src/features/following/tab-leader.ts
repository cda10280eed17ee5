import type { KeyValueStorage } from './follow-store.ts';

// With several Polity tabs open, one of them watches and notifies. Tabs agree through the Web
// Locks API: the watching tab holds a lock for as long as it lives, the others queue for it, and
// when the holder closes (or crashes) the browser hands the lock to the next. Where the API is
// missing, a lease in localStorage stands in: the holder renews it every few seconds; a tab takes
// a lease that lapsed, then reads it back a moment later, and leads only if its own claim stood.

export const LOCK_NAME = 'polity-following-watcher';
export const LEASE_KEY = 'polity.following.leader.v1';
/** A lease not renewed for this long is free: its tab is gone or frozen. */
export const LEASE_MS = 15_000;
/** How often a leader renews its lease, and another tab looks whether it lapsed. */
export const LEASE_TICK_MS = 5_000;
/** The wait before reading a claim back: longer than the read-then-write of another tab. */
export const CLAIM_CHECK_MS = 400;

/** The part of navigator.locks this uses. */
export interface LockRequester {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

export interface Leadership {
  /** Whether this tab is the one that watches, now. */
  isLeader(): boolean;
  /** Gives leadership up (the tab is closing) or stops queueing for it. */
  release(): void;
}

export interface LeaderOptions {
  tabId: string;
  /** navigator.locks where the browser has it. */
  locks: LockRequester | null;
  storage: KeyValueStorage | null;
  onChange?: (leader: boolean) => void;
  now?: () => number;
}

/** Queues for leadership; `onChange(true)` when this tab gets it. */
export function seekLeadership(options: LeaderOptions): Leadership {
  if (options.locks) return lockLeadership(options.locks, options.onChange);
  if (options.storage) return leaseLeadership({ ...options, storage: options.storage });
  // Neither: nothing to agree through, so this tab watches on its own.
  options.onChange?.(true);
  return { isLeader: () => true, release: () => undefined };
}

function lockLeadership(locks: LockRequester, onChange?: (leader: boolean) => void): Leadership {
  const queue = new AbortController();
  let leader = false;
  let letGo: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  locks
    .request(LOCK_NAME, { signal: queue.signal }, () => {
      leader = true;
      onChange?.(true);
      return held;
    })
    .catch(() => undefined); // aborted while queueing: released before it was ever granted
  return {
    isLeader: () => leader,
    release() {
      queue.abort();
      if (leader) onChange?.(false);
      leader = false;
      letGo();
    },
  };
}

interface Lease {
  tab: string;
  until: number;
}

function readLease(storage: KeyValueStorage): Lease | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(LEASE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { tab, until } = value as Partial<Lease>;
    return typeof tab === 'string' && typeof until === 'number' ? { tab, until } : null;
  } catch {
    return null;
  }
}

function leaseLeadership({
  tabId,
  storage,
  onChange,
  now = Date.now,
}: LeaderOptions & { storage: KeyValueStorage }): Leadership {
  let leader = false;
  let stopped = false;
  let check: ReturnType<typeof setTimeout> | undefined;
  const setLeader = (value: boolean) => {
    if (value === leader) return;
    leader = value;
    onChange?.(value);
  };
  const claim = () => {
    try {
      storage.setItem(LEASE_KEY, JSON.stringify({ tab: tabId, until: now() + LEASE_MS }));
    } catch {
      // Unwritable storage: this tab cannot claim, and does not lead.
    }
  };
  const tick = () => {
    if (stopped) return;
    const lease = readLease(storage);
    if (lease?.tab === tabId) {
      claim();
      setLeader(true);
    } else if (lease === null || lease.until <= now()) {
      // Read and write in one task: another tab's claim can only land before or after both.
      claim();
      clearTimeout(check);
      check = setTimeout(() => {
        if (!stopped) setLeader(readLease(storage)?.tab === tabId);
      }, CLAIM_CHECK_MS);
    } else setLeader(false);
  };
  const timer = setInterval(tick, LEASE_TICK_MS);
  tick();
  return {
    isLeader: () => leader && readLease(storage)?.tab === tabId,
    release() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(check);
      if (readLease(storage)?.tab === tabId) {
        try {
          storage.removeItem(LEASE_KEY);
        } catch {
          // The lease lapses by itself.
        }
      }
      setLeader(false);
    },
  };
}
