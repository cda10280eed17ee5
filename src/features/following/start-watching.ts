import { browserStorage, onFollowedChange } from './follow-store.ts';
import { createWatcher } from './follow-watcher.ts';
import type { Notice } from './notices.ts';
import { seekLeadership, type LockRequester } from './tab-leader.ts';

// The watcher as it runs in a tab: loaded by the app when something is followed (and by the
// Follow button and the Following page), it queues for leadership among Polity's tabs and, while
// it leads, polls every 15 s while the tab is visible and every minute while it is hidden.

export const VISIBLE_POLL_MS = 15_000;
export const HIDDEN_POLL_MS = 60_000;

/** Notification's permission, or 'unsupported' where the browser has no Notification API. */
export const notificationPermission = (): NotificationPermission | 'unsupported' =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

function show(notice: Notice) {
  try {
    const shown = new Notification(notice.title, { body: notice.body, tag: notice.tag });
    shown.onclick = () => {
      window.focus();
      // The router follows history: a pushed entry and a popstate take it there without a reload.
      window.history.pushState(null, '', notice.path);
      window.dispatchEvent(new PopStateEvent('popstate'));
      shown.close();
    };
  } catch {
    // Some browsers (Chrome on Android) show notifications only through a service worker.
  }
}

const lockManager = (): LockRequester | null =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;

let started = false;
/** Polls soon, if this tab leads: after notifications were allowed or the list changed. */
let wake: () => void = () => undefined;

/** Starts watching in this tab (once; later calls do nothing). */
export function startWatching(): void {
  if (started) return;
  const storage = browserStorage();
  if (storage === null) return;
  started = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  // Not crypto.randomUUID: pages served over plain http (not localhost) do not have it.
  const tabId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const seek = () =>
    seekLeadership({
      tabId,
      locks: lockManager(),
      storage,
      onChange: (leader) => (leader ? soon(0) : clearTimeout(timer)),
    });
  let leadership = seek();
  const watcher = createWatcher({
    storage,
    leadership: { isLeader: () => leadership.isLeader(), release: () => leadership.release() },
    permission: notificationPermission,
    show,
    now: Date.now,
  });
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await watcher.round();
    } finally {
      running = false;
      if (again) soon(0);
      else if (leadership.isLeader()) soon(document.visibilityState === 'visible' ? VISIBLE_POLL_MS : HIDDEN_POLL_MS);
      again = false;
    }
  };
  function soon(ms: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), ms);
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && leadership.isLeader()) soon(500);
  });
  wake = () => {
    if (leadership.isLeader()) soon(500);
  };
  onFollowedChange(wake);
  // A tab leaving (or entering the back-forward cache) lets another lead; one coming back queues again.
  window.addEventListener('pagehide', () => leadership.release());
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leadership = seek();
  });
}

/** Asks for permission to notify (from a click: browsers refuse a prompt nobody asked for), then watches. */
export async function enableNotifications(): Promise<NotificationPermission | 'unsupported'> {
  if (notificationPermission() === 'unsupported') return 'unsupported';
  const answer = await Notification.requestPermission();
  if (answer === 'granted') {
    startWatching();
    wake();
  }
  return answer;
}
