import { detectEvents } from './follow-events.ts';
import { pollEndpoint } from './follow-poller.ts';
import { readFollowed, type FollowedItem, type KeyValueStorage } from './follow-store.ts';
import { noticesFor, type Notice } from './notices.ts';
import type { Leadership } from './tab-leader.ts';
import { readWatchRecord, updatedRecord, writeWatchRecord } from './watch-record.ts';

// One round of watching: for each endpoint with followed items, poll its archive, work out what
// is news, write it down as notified, then notify. Written down first: should the tab die between
// the two, a notification is lost rather than shown twice by the tab that takes over.

export interface WatcherEnvironment {
  storage: KeyValueStorage;
  leadership: Leadership;
  /** 'granted' once the reader allowed notifications; nothing is polled before. */
  permission: () => NotificationPermission | 'unsupported';
  show: (notice: Notice) => void;
  now: () => number;
}

export interface Watcher {
  /** Polls once, if this tab leads and may notify. */
  round(signal?: AbortSignal): Promise<void>;
}

function byEndpoint(items: readonly FollowedItem[]): Map<string, FollowedItem[]> {
  const groups = new Map<string, FollowedItem[]>();
  for (const item of items) groups.set(item.endpoint, [...(groups.get(item.endpoint) ?? []), item]);
  return groups;
}

export function createWatcher(env: WatcherEnvironment): Watcher {
  // Decision times read from timelines, per endpoint: they never change, so each is read once.
  const known = new Map<string, Map<string, number>>();
  const knownOn = (endpoint: string) => {
    const map = known.get(endpoint) ?? new Map<string, number>();
    known.set(endpoint, map);
    return map;
  };
  return {
    async round(signal) {
      if (!env.leadership.isLeader() || env.permission() !== 'granted') return;
      const followed = readFollowed(env.storage);
      if (followed.status !== 'ok' || followed.items.length === 0) return;
      // Kept at once: a record replacing an unreadable one is quiet before now, and must stay so.
      writeWatchRecord(env.storage, readWatchRecord(env.storage, env.now()));
      for (const [endpoint, items] of byEndpoint(followed.items)) {
        const before = readWatchRecord(env.storage, env.now());
        const memory = { open: before.open[endpoint] ?? [], notified: before, known: knownOn(endpoint) };
        const poll = await pollEndpoint(endpoint, items, memory, signal).catch(() => null);
        // Polling takes a moment: another tab may have taken over, or noted something, meanwhile.
        if (poll === null || !env.leadership.isLeader()) continue;
        const record = readWatchRecord(env.storage, env.now());
        const events = detectEvents(items, poll, record);
        const notified = events.map((event) => ({ id: event.id, at: event.at }));
        if (!writeWatchRecord(env.storage, updatedRecord(record, { notified, endpoint, open: poll.open }, env.now())))
          continue; // what cannot be written down is not shown: it would come again next round
        for (const notice of noticesFor(events, endpoint, poll.chainNow)) env.show(notice);
      }
    },
  };
}
