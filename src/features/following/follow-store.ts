import { FOLLOWED_KEY } from './followed-key.ts';

// What this browser follows, kept in localStorage only. The key names the format's version
// (followed-key.ts): a later format gets a key of its own, so a value this code cannot read is
// never rewritten by it. Such a value is reported and kept until the reader chooses to start
// over (and even then copied aside), never dropped behind their back.

export type FollowKind = 'group' | 'policy' | 'proposal' | 'voter';

export interface FollowedItem {
  kind: FollowKind;
  /** A group's or proposal's id (uint64 text), or a policy's or voter's address. */
  id: string;
  /** The endpoint it was followed on ('' is this server): an id means something on its own chain only. */
  endpoint: string;
  /** Its name when it was followed: on-chain text, shown through the hostile-text helpers. */
  name: string;
  /** The chain's time when it was followed (RFC 3339): nothing from before is ever notified. */
  followedAt: string;
}

export type FollowedState =
  { status: 'ok'; items: readonly FollowedItem[] } | { status: 'damaged'; reason: string } | { status: 'unavailable' };

/** The storage this needs: window.localStorage, or a stand-in in tests. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const FORMAT_VERSION = 1;
/** Where an unreadable value is copied when the reader starts over. */
export const SET_ASIDE_KEY = `${FOLLOWED_KEY}.unreadable`;

const KINDS: readonly string[] = ['group', 'policy', 'proposal', 'voter'] satisfies FollowKind[];

// Checked by hand rather than with the API's schema library: the checks it would need here are
// not among those the first page carries, and they would be added to its shared file.
/** Why a stored item is not a FollowedItem, or null when it is one. */
function itemProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'not an object';
  const item = value as Record<string, unknown>;
  if (typeof item.kind !== 'string' || !KINDS.includes(item.kind)) return `kind ${JSON.stringify(item.kind)}`;
  if (typeof item.id !== 'string' || item.id === '') return 'no id';
  for (const field of ['endpoint', 'name', 'followedAt'] as const)
    if (typeof item[field] !== 'string') return `no ${field}`;
  if (Number.isNaN(Date.parse(String(item.followedAt)))) return 'followedAt is not a time';
  return null;
}

/** One item's identity: the same group on two endpoints is two items. */
export const followKey = (item: Pick<FollowedItem, 'kind' | 'id' | 'endpoint'>) =>
  `${item.endpoint}|${item.kind}|${item.id}`;

/** Reads a stored value (null: nothing followed yet). */
export function parseFollowed(raw: string | null): FollowedState {
  if (raw === null) return { status: 'ok', items: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { status: 'damaged', reason: 'The stored list is not valid JSON.' };
  }
  const version = typeof value === 'object' && value !== null && 'version' in value ? value.version : undefined;
  if (version !== FORMAT_VERSION)
    return {
      status: 'damaged',
      reason: `The stored list has format version ${JSON.stringify(version) ?? 'none'}; this Polity reads version ${FORMAT_VERSION}.`,
    };
  const items = (value as { items?: unknown }).items;
  if (!Array.isArray(items)) return { status: 'damaged', reason: 'The stored list has no items.' };
  for (const [index, item] of items.entries()) {
    const problem = itemProblem(item);
    if (problem !== null)
      return { status: 'damaged', reason: `Item ${index + 1} of the stored list is damaged (${problem}).` };
  }
  return { status: 'ok', items: items as FollowedItem[] };
}

/** The storage the browser offers, or null where it refuses (some private modes, blocked cookies). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readFollowed(storage: KeyValueStorage | null): FollowedState {
  if (storage === null) return { status: 'unavailable' };
  try {
    return parseFollowed(storage.getItem(FOLLOWED_KEY));
  } catch {
    return { status: 'unavailable' };
  }
}

// Other tabs hear of a change through the storage event; this tab, through this target.
const changes = new EventTarget();

function write(storage: KeyValueStorage, items: readonly FollowedItem[]): FollowedState {
  try {
    if (items.length === 0) storage.removeItem(FOLLOWED_KEY);
    else storage.setItem(FOLLOWED_KEY, JSON.stringify({ version: FORMAT_VERSION, items }));
  } catch {
    return { status: 'unavailable' };
  }
  changes.dispatchEvent(new Event('change'));
  return { status: 'ok', items };
}

/** Adds an item (once); refused, unchanged, while the stored list cannot be read. */
export function follow(storage: KeyValueStorage | null, item: FollowedItem): FollowedState {
  const state = readFollowed(storage);
  if (state.status !== 'ok' || storage === null) return state;
  if (state.items.some((kept) => followKey(kept) === followKey(item))) return state;
  return write(storage, [...state.items, item]);
}

export function unfollow(storage: KeyValueStorage | null, key: string): FollowedState {
  const state = readFollowed(storage);
  if (state.status !== 'ok' || storage === null) return state;
  return write(
    storage,
    state.items.filter((kept) => followKey(kept) !== key),
  );
}

/** The reader's way out of an unreadable list: it is copied aside (SET_ASIDE_KEY), then the list is empty. */
export function startOver(storage: KeyValueStorage | null): FollowedState {
  if (storage === null) return { status: 'unavailable' };
  try {
    const raw = storage.getItem(FOLLOWED_KEY);
    if (raw !== null) storage.setItem(SET_ASIDE_KEY, raw);
  } catch {
    return { status: 'unavailable' };
  }
  return write(storage, []);
}

/** Calls `listener` when the list changes, in this tab or another; returns the unsubscribe. */
export function onFollowedChange(listener: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === FOLLOWED_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', fromOtherTab);
  changes.addEventListener('change', listener);
  return () => {
    window.removeEventListener('storage', fromOtherTab);
    changes.removeEventListener('change', listener);
  };
}
