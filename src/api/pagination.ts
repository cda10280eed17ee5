import type { PageResponse } from './schemas.ts';

/** Where a page starts: at a key the server handed back, or at an offset (fallback). */
export type PageParam = { key: string } | { offset: number } | null;

export interface Page<T> {
  rows: T[];
  pagination: PageResponse;
  /** The param this page was fetched with. */
  param: PageParam;
}

const DEFAULT_PAGE_SIZE = 50;

/** The offset that reads the last `count` rows of a list of `total` rows (uint64 text). */
export function offsetOfLast(total: string, count: number): number {
  const rows = BigInt(total);
  return rows > BigInt(count) ? Number(rows - BigInt(count)) : 0;
}

/** Query parameters for one page; the total is asked for on the first page only (a key forbids it). */
export function pageQuery(param: PageParam, limit = DEFAULT_PAGE_SIZE, reverse = false): URLSearchParams {
  const query = new URLSearchParams({ 'pagination.limit': String(limit) });
  if (param === null) query.set('pagination.count_total', 'true');
  else if ('key' in param) query.set('pagination.key', param.key);
  else if (param.offset > 0) query.set('pagination.offset', String(param.offset));
  if (reverse) query.set('pagination.reverse', 'true');
  return query;
}

interface PageState<T> {
  rows: T[];
  /** Total from the first page, when the server counted. */
  total: string | null;
  /** Set when the server handed back a key that did not advance. */
  stalled: 'fell-back-to-offset' | 'stopped' | null;
}

/**
 * Pages that start with the same row as an earlier page are repeats: real nodes answer /groups
 * with page 1 again whatever key they are given, so a naive "follow next_key" would loop forever.
 * Comparing first rows only keeps this linear in the number of pages.
 */
function repeats<T>(pages: Page<T>[], identity: (row: T) => string): boolean[] {
  const firsts = new Set<string>();
  return pages.map((page) => {
    const first = page.rows[0];
    if (first === undefined) return false;
    const id = identity(first);
    if (firsts.has(id)) return true;
    firsts.add(id);
    return false;
  });
}

/** Flattens pages without their repeats, with the total the first page reported. */
export function collectPages<T>(pages: Page<T>[], identity: (row: T) => string): PageState<T> {
  const repeated = repeats(pages, identity);
  const rows: T[] = [];
  let stalled: PageState<T>['stalled'] = null;
  pages.forEach((page, i) => {
    if (repeated[i]) stalled = page.param !== null && 'offset' in page.param ? 'stopped' : 'fell-back-to-offset';
    else rows.push(...page.rows);
  });
  const total = pages[0]?.pagination.total;
  return {
    rows,
    total:
      total && total !== '0' ? total : pages[0] && pages[0].pagination.next_key === null ? String(rows.length) : null,
    stalled,
  };
}

/**
 * getNextPageParam: follow next_key, unless the last page repeated an earlier one; then continue
 * by offset, and stop for good if offsets do not advance either.
 */
export function nextPageParam<T>(pages: Page<T>[], identity: (row: T) => string): PageParam | undefined {
  const last = pages[pages.length - 1];
  if (!last) return undefined;
  const repeated = repeats(pages, identity);
  const loaded = pages.reduce((count, page, i) => (repeated[i] ? count : count + page.rows.length), 0);
  const byOffset = last.param !== null && 'offset' in last.param;
  if (repeated[repeated.length - 1]) return byOffset ? undefined : { offset: loaded };
  if (byOffset) return last.rows.length > 0 && last.pagination.next_key !== null ? { offset: loaded } : undefined;
  return last.pagination.next_key ? { key: last.pagination.next_key } : undefined;
}

export interface FetchAllOptions {
  /** Told how many rows have been read, after each page. */
  onRows?: (loaded: number) => void;
  /** Once aborted, no further page is asked for; the rows read so far are returned. */
  signal?: AbortSignal;
  /** Stop after this many pages, however long the list (a guard against a server that never ends it). */
  maxPages?: number;
  /**
   * Keep each row once, by identity, across every page read. Without it a repeated page is left out
   * whole; with it a page that only overlaps an earlier one (a list that changed while it was read
   * by offset) adds just its new rows.
   */
  uniqueRows?: boolean;
}

/** The first row with each identity, in order. */
function firstOfEach<T>(rows: T[], identity: (row: T) => string): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const id = identity(row);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Follows a list to its end (the same repeat detection as the lists), reporting rows so far. */
export async function fetchAllPages<T>(
  fetchPage: (param: PageParam) => Promise<Page<T>>,
  identity: (row: T) => string,
  { onRows, signal, maxPages = Infinity, uniqueRows = false }: FetchAllOptions = {},
): Promise<T[]> {
  const pages: Page<T>[] = [];
  let loaded = 0;
  let param: PageParam | undefined = null;
  while (param !== undefined && !signal?.aborted && pages.length < maxPages) {
    const page = await fetchPage(param);
    pages.push(page);
    loaded += page.rows.length;
    onRows?.(loaded);
    param = nextPageParam(pages, identity);
  }
  if (uniqueRows)
    return firstOfEach(
      pages.flatMap((page) => page.rows),
      identity,
    );
  return collectPages(pages, identity).rows;
}
