import type { PageResponse } from './schemas.ts';

/** Where a page starts: at a key the server handed back, or at an offset (fallback). */
export type PageParam = { key: string } | { offset: number } | null;

export interface Page<T> {
  rows: T[];
  pagination: PageResponse;
  /** The param this page was fetched with. */
  param: PageParam;
}

export const DEFAULT_PAGE_SIZE = 50;

/** Query parameters for one page; the total is asked for on the first page only (a key forbids it). */
export function pageQuery(param: PageParam, limit = DEFAULT_PAGE_SIZE, reverse = false): URLSearchParams {
  const q = new URLSearchParams({ 'pagination.limit': String(limit) });
  if (param === null) q.set('pagination.count_total', 'true');
  else if ('key' in param) q.set('pagination.key', param.key);
  else if (param.offset > 0) q.set('pagination.offset', String(param.offset));
  if (reverse) q.set('pagination.reverse', 'true');
  return q;
}

export interface PageState<T> {
  rows: T[];
  /** Total from the first page, when the server counted. */
  total: string | null;
  /** Set when the server handed back a key that did not advance. */
  stalled: 'fell-back-to-offset' | 'stopped' | null;
}

/**
 * Flattens pages, dropping any page that repeats an earlier one. Real nodes answer /groups with
 * page 1 again whatever key they are given, so a naive "follow next_key" would loop forever.
 */
export function collectPages<T>(pages: Page<T>[], identity: (row: T) => string): PageState<T> {
  const rows: T[] = [];
  const seen = new Set<string>();
  let stalled: PageState<T>['stalled'] = null;
  for (const page of pages) {
    const first = page.rows[0];
    if (first !== undefined && seen.has(identity(first))) {
      stalled = page.param !== null && 'offset' in page.param ? 'stopped' : 'fell-back-to-offset';
      continue;
    }
    for (const r of page.rows) {
      seen.add(identity(r));
      rows.push(r);
    }
  }
  const total = pages[0]?.pagination.total;
  return { rows, total: total && total !== '0' ? total : pages[0] && pages[0].pagination.next_key === null ? String(rows.length) : null, stalled };
}

/**
 * getNextPageParam: follow next_key, unless the last page repeated an earlier one; then continue
 * by offset once, and stop for good if offsets do not advance either.
 */
export function nextPageParam<T>(pages: Page<T>[], identity: (row: T) => string): PageParam | undefined {
  const last = pages[pages.length - 1];
  if (!last) return undefined;
  const state = collectPages(pages, identity);
  if (isRepeat(pages, identity)) {
    if (last.param !== null && 'offset' in last.param) return undefined;
    return { offset: state.rows.length };
  }
  if (last.param !== null && 'offset' in last.param) {
    return last.rows.length > 0 && last.pagination.next_key !== null ? { offset: state.rows.length } : undefined;
  }
  return last.pagination.next_key ? { key: last.pagination.next_key } : undefined;
}

function isRepeat<T>(pages: Page<T>[], identity: (row: T) => string): boolean {
  const last = pages[pages.length - 1];
  const first = last.rows[0];
  if (first === undefined) return false;
  const id = identity(first);
  return pages.slice(0, -1).some((p) => p.rows.some((r) => identity(r) === id));
}
