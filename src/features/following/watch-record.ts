import type { Notified } from './follow-events.ts';
import type { KeyValueStorage } from './follow-store.ts';

// What the watching tab remembers between polls, in localStorage so that a tab taking over (the
// one that watched was closed) or a reload goes on where it stopped: the events already
// notified, and the proposals seen open, to hear how each ends even once it falls out of the
// lists polled. Internal bookkeeping: a value that cannot be read is replaced, and nothing that
// happened before the replacement is notified, so that nothing is notified twice.

export const WATCH_KEY = 'polity.following.watch.v1';
const FORMAT_VERSION = 1;
/** Notified events are remembered this long; older events are no longer news at all. */
export const REMEMBER_MS = 30 * 24 * 3_600_000;
/** Open proposals watched per endpoint, at most (the oldest go first). */
const MAX_OPEN = 500;

export interface WatchRecord extends Notified {
  /** Event id → the event's chain time (ms), which says when it may be forgotten. */
  readonly notified: Readonly<Record<string, number>>;
  /** Per endpoint, the ids of proposals seen open whose outcome is still awaited. */
  readonly open: Readonly<Record<string, readonly string[]>>;
}

interface StoredRecord {
  version: number;
  quietBefore: number;
  notified: Record<string, number>;
  open: Record<string, string[]>;
}

const recordOf = (stored: Omit<StoredRecord, 'version'>): WatchRecord => ({
  ...stored,
  has: (id) => Object.hasOwn(stored.notified, id),
});

const isNumberMap = (value: unknown): value is Record<string, number> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((entry) => typeof entry === 'number');

const isIdLists = (value: unknown): value is Record<string, string[]> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((ids) => Array.isArray(ids) && ids.every((id) => typeof id === 'string'));

function parse(raw: string | null): StoredRecord | null {
  try {
    const value: unknown = raw === null ? null : JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Partial<StoredRecord>;
    if (record.version !== FORMAT_VERSION || typeof record.quietBefore !== 'number') return null;
    if (!isNumberMap(record.notified) || !isIdLists(record.open)) return null;
    return record as StoredRecord;
  } catch {
    return null;
  }
}

/**
 * The record as stored. With none, a first record: nothing was notified yet, and each item's
 * follow time says what is news. With an unreadable one, a fresh record quiet before `now`:
 * what it noted is lost, so nothing from before this moment is notified (it may have been).
 */
export function readWatchRecord(storage: KeyValueStorage, now: number): WatchRecord {
  let raw: string | null = null;
  try {
    raw = storage.getItem(WATCH_KEY);
  } catch {
    // Unavailable: a fresh record, kept in memory for this round.
  }
  const stored = parse(raw);
  if (stored) return recordOf(stored);
  return recordOf({ quietBefore: raw === null ? 0 : now, notified: {}, open: {} });
}

/** The record with events marked notified, one endpoint's open list replaced, and what is too old forgotten. */
export function updatedRecord(
  record: WatchRecord,
  change: { notified?: readonly { id: string; at: number }[]; endpoint?: string; open?: readonly string[] },
  now: number,
): WatchRecord {
  const horizon = now - REMEMBER_MS;
  const notified: Record<string, number> = {};
  for (const [id, at] of Object.entries(record.notified)) if (at >= horizon) notified[id] = at;
  for (const event of change.notified ?? []) notified[event.id] = event.at;
  const open: Record<string, string[]> = {};
  for (const [endpoint, ids] of Object.entries(record.open)) open[endpoint] = [...ids];
  if (change.endpoint !== undefined && change.open) open[change.endpoint] = [...new Set(change.open)].slice(-MAX_OPEN);
  return recordOf({ quietBefore: Math.max(record.quietBefore, horizon), notified, open });
}

export function writeWatchRecord(storage: KeyValueStorage, record: WatchRecord): boolean {
  const stored: StoredRecord = {
    version: FORMAT_VERSION,
    quietBefore: record.quietBefore,
    notified: { ...record.notified },
    open: Object.fromEntries(Object.entries(record.open).map(([endpoint, ids]) => [endpoint, [...ids]])),
  };
  try {
    storage.setItem(WATCH_KEY, JSON.stringify(stored));
    return true;
  } catch {
    return false;
  }
}
