import { describe, expect, it } from 'vitest';

import { collectPages, fetchAllPages, nextPageParam, pageQuery, type Page, type PageParam } from './pagination.ts';

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

describe('reading a whole list', () => {
  /** A server that answers each param with the page given for it (by key, or by offset). */
  const server = (answers: Record<string, Page<string>>) => {
    const asked: PageParam[] = [];
    const read = async (param: PageParam) => {
      asked.push(param);
      const name = param === null ? 'first' : 'key' in param ? param.key : `@${param.offset}`;
      return answers[name] ?? page([], null, param);
    };
    return { read, asked };
  };

  it('follows the list to its end and reports the rows read so far', async () => {
    const { read } = server({ first: page(['a', 'b'], 'K2', null), K2: page(['c'], null, { key: 'K2' }) });
    const counts: number[] = [];
    expect(await fetchAllPages(read, id, { onRows: (loaded) => counts.push(loaded) })).toEqual(['a', 'b', 'c']);
    expect(counts).toEqual([2, 3]);
  });

  it('asks for no further page once aborted, and returns what it read', async () => {
    const controller = new AbortController();
    const { read, asked } = server({ first: page(['a'], 'K2', null), K2: page(['b'], null, { key: 'K2' }) });
    const reading = fetchAllPages(
      async (param) => {
        const answer = await read(param);
        controller.abort();
        return answer;
      },
      id,
      { signal: controller.signal },
    );
    expect(await reading).toEqual(['a']);
    expect(asked).toEqual([null]);
  });

  it('stops after the most pages it may read', async () => {
    const { read, asked } = server({
      first: page(['a'], 'K2', null),
      K2: page(['b'], 'K3', { key: 'K2' }),
      K3: page(['c'], null, { key: 'K3' }),
    });
    expect(await fetchAllPages(read, id, { maxPages: 2 })).toEqual(['a', 'b']);
    expect(asked).toHaveLength(2);
  });

  it('drops repeated pages whole, or with uniqueRows each row seen before', async () => {
    // The key is answered with the first page again, then offsets overlap by one row.
    const answers = {
      first: page(['a', 'b'], 'K2', null),
      K2: page(['a', 'b'], 'K2', { key: 'K2' }),
      '@2': page(['b', 'c'], null, { offset: 2 }),
    };
    expect(await fetchAllPages(server(answers).read, id)).toEqual(['a', 'b', 'b', 'c']);
    expect(await fetchAllPages(server(answers).read, id, { uniqueRows: true })).toEqual(['a', 'b', 'c']);
  });
});
