import { describe, expect, it } from 'vitest';

import { collectPages, nextPageParam, pageQuery, type Page, type PageParam } from './pagination.ts';

const id = (r: string) => r;
const page = (rows: string[], next: string | null, param: PageParam, total = '0'): Page<string> => ({
  rows,
  pagination: { next_key: next, total },
  param,
});

describe('page requests', () => {
  it('asks for the total on the first page only', () => {
    expect(pageQuery(null, 50).toString()).toBe('pagination.limit=50&pagination.count_total=true');
    expect(pageQuery({ key: 'AAE=' }, 50).get('pagination.key')).toBe('AAE=');
    expect(pageQuery({ key: 'AAE=' }, 50).has('pagination.count_total')).toBe(false);
    expect(pageQuery({ offset: 40 }, 20).get('pagination.offset')).toBe('40');
  });
});

describe('following next_key', () => {
  it('follows keys and stops at a null key', () => {
    const p1 = page(['a', 'b'], 'K2', null, '3');
    expect(nextPageParam([p1], id)).toEqual({ key: 'K2' });
    const p2 = page(['c'], null, { key: 'K2' });
    expect(nextPageParam([p1, p2], id)).toBeUndefined();
    expect(collectPages([p1, p2], id)).toEqual({ rows: ['a', 'b', 'c'], total: '3', stalled: null });
  });

  it('detects a server that answers a key with the first page again, and falls back to offsets', () => {
    const p1 = page(['a', 'b'], 'K2', null, '5');
    const again = page(['a', 'b'], 'K2', { key: 'K2' }, '0');
    expect(nextPageParam([p1, again], id)).toEqual({ offset: 2 });
    const byOffset = page(['c', 'd'], 'K4', { offset: 2 });
    const state = collectPages([p1, again, byOffset], id);
    expect(state.rows).toEqual(['a', 'b', 'c', 'd']);
    expect(state.stalled).toBe('fell-back-to-offset');
    expect(nextPageParam([p1, again, byOffset], id)).toEqual({ offset: 4 });
    const last = page(['e'], null, { offset: 4 });
    expect(nextPageParam([p1, again, byOffset, last], id)).toBeUndefined();
  });

  it('stops for good when offsets do not advance either', () => {
    const p1 = page(['a'], 'K', null);
    const again = page(['a'], 'K', { key: 'K' });
    const stuck = page(['a'], 'K', { offset: 1 });
    expect(nextPageParam([p1, again, stuck], id)).toBeUndefined();
    expect(collectPages([p1, again, stuck], id).stalled).toBe('stopped');
  });

  it('takes the total from the first page, or counts a complete single page', () => {
    expect(collectPages([page(['a'], null, null, '0')], id).total).toBe('1');
    expect(collectPages([page(['a'], 'K', null, '0')], id).total).toBeNull();
  });
});
