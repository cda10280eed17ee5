import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  follow,
  followKey,
  onFollowedChange,
  readFollowed,
  SET_ASIDE_KEY,
  startOver,
  unfollow,
  type FollowedItem,
  type KeyValueStorage,
} from './follow-store.ts';
import { anythingFollowed, FOLLOWED_KEY } from './followed-key.ts';

const group: FollowedItem = {
  kind: 'group',
  id: '18446744073709551615',
  endpoint: '',
  name: 'Core contributors',
  followedAt: '2026-03-01T12:00:00.000Z',
};
const voter: FollowedItem = { ...group, kind: 'voter', id: 'cosmos1abc', name: 'cosmos1abc' };

afterEach(() => localStorage.clear());

describe('what this browser follows', () => {
  it('follows once, unfollows, and keeps ids as text in a versioned value', () => {
    expect(readFollowed(localStorage)).toEqual({ status: 'ok', items: [] });
    expect(anythingFollowed()).toBe(false);
    follow(localStorage, group);
    follow(localStorage, group);
    follow(localStorage, voter);
    expect(readFollowed(localStorage)).toEqual({ status: 'ok', items: [group, voter] });
    expect(anythingFollowed()).toBe(true);
    const stored = JSON.parse(localStorage.getItem(FOLLOWED_KEY)!) as { version: number; items: FollowedItem[] };
    expect(stored.version).toBe(1);
    expect(stored.items[0].id).toBe('18446744073709551615');
    unfollow(localStorage, followKey(group));
    expect(readFollowed(localStorage)).toEqual({ status: 'ok', items: [voter] });
    unfollow(localStorage, followKey(voter));
    expect(localStorage.getItem(FOLLOWED_KEY)).toBeNull();
  });

  it('the same id on another endpoint is another item', () => {
    follow(localStorage, group);
    follow(localStorage, { ...group, endpoint: '/upstream/hub' });
    const state = readFollowed(localStorage);
    expect(state.status === 'ok' && state.items).toHaveLength(2);
  });

  it.each([
    ['not JSON', '{"version":1,', /not valid JSON/],
    ['a later format', JSON.stringify({ version: 2, entries: [] }), /format version 2; this Polity reads version 1/],
    ['no version', JSON.stringify([group]), /format version none/],
    [
      'a damaged item',
      JSON.stringify({ version: 1, items: [group, { ...voter, kind: 'wallet' }] }),
      /Item 2 .*kind "wallet"/,
    ],
    ['an item without id', JSON.stringify({ version: 1, items: [{ ...group, id: '' }] }), /Item 1 .*no id/],
    ['an item without endpoint', JSON.stringify({ version: 1, items: [{ ...group, endpoint: 7 }] }), /no endpoint/],
    [
      'a bad time',
      JSON.stringify({ version: 1, items: [{ ...group, followedAt: 'soon' }] }),
      /followedAt is not a time/,
    ],
  ])('reports %s as damaged, refuses to write over it, and sets it aside only when asked', (_case, raw, reason) => {
    localStorage.setItem(FOLLOWED_KEY, raw);
    const state = readFollowed(localStorage);
    expect(state.status).toBe('damaged');
    expect(state.status === 'damaged' && state.reason).toMatch(reason);
    expect(follow(localStorage, voter).status).toBe('damaged');
    expect(unfollow(localStorage, followKey(group)).status).toBe('damaged');
    expect(localStorage.getItem(FOLLOWED_KEY)).toBe(raw);
    expect(startOver(localStorage)).toEqual({ status: 'ok', items: [] });
    expect(localStorage.getItem(SET_ASIDE_KEY)).toBe(raw);
    expect(follow(localStorage, voter)).toEqual({ status: 'ok', items: [voter] });
  });

  it('says when the browser keeps nothing, without throwing', () => {
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    expect(readFollowed(refusing)).toEqual({ status: 'unavailable' });
    expect(follow(refusing, group)).toEqual({ status: 'unavailable' });
    expect(readFollowed(null)).toEqual({ status: 'unavailable' });
  });

  it('tells listeners of changes made in this tab and in others', () => {
    const listener = vi.fn();
    const stop = onFollowedChange(listener);
    follow(localStorage, group);
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: FOLLOWED_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'polity.api' }));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    follow(localStorage, voter);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
