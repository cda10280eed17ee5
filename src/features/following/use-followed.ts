import { useSyncExternalStore } from 'react';

import { browserStorage, onFollowedChange, parseFollowed, type FollowedState } from './follow-store.ts';
import { FOLLOWED_KEY } from './followed-key.ts';

const UNAVAILABLE: FollowedState = { status: 'unavailable' };

// useSyncExternalStore wants the same object while nothing changed: the parsed list is kept with
// the text it was parsed from, and parsed again only when the text differs.
let lastRaw: string | null | undefined;
let lastState: FollowedState = { status: 'ok', items: [] };

function snapshot(): FollowedState {
  const storage = browserStorage();
  if (storage === null) return UNAVAILABLE;
  let raw: string | null;
  try {
    raw = storage.getItem(FOLLOWED_KEY);
  } catch {
    return UNAVAILABLE;
  }
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastState = parseFollowed(raw);
  }
  return lastState;
}

/** What this browser follows, kept current as it changes here or in another tab. */
export const useFollowed = (): FollowedState => useSyncExternalStore(onFollowedChange, snapshot);
