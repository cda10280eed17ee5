import { unknownError } from '../../lib/grpc-status.ts';
import type { ReadTable } from './versioned-table.ts';

/** cosmos.base.query.v1beta1.PageRequest, parsed. */
export interface PageRequest {
  /** A RowID as latin1 bytes, or null when no key was given. */
  key: string | null;
  offset: bigint;
  limit: bigint;
  countTotal: boolean;
  reverse: boolean;
}

export interface Page<V> {
  items: V[];
  /** RowID of the first row after the page (latin1 bytes), null at the end. */
  nextKey: string | null;
  total: bigint;
}

export const emptyPageRequest = (): PageRequest => ({
  key: null,
  offset: 0n,
  limit: 0n,
  countTotal: false,
  reverse: false,
});

/**
 * 'sdk' reproduces a node exactly (reverse ignored, /groups never seeking to the key);
 * 'extended' honours both, for clients that want them.
 */
export type PaginationMode = 'extended' | 'sdk';

const DEFAULT_LIMIT = 100n;

/**
 * The group ORM's Paginate over one index range. `ignoreKey` reproduces /groups on a node, which
 * builds its iterator without seeking, so a key only switches off the total.
 */
export function paginate<V>(
  table: ReadTable<V>,
  request: PageRequest,
  mode: PaginationMode,
  ignoreKey = false,
): Page<V> {
  if (request.offset > 0n && request.key !== null) {
    throw unknownError('invalid request, either offset or key is expected, got both');
  }
  let limit = request.limit;
  let countTotal = request.countTotal;
  if (limit === 0n) {
    limit = DEFAULT_LIMIT;
    countTotal = true;
  }
  const size = table.size;
  const pageSize = Number(limit > BigInt(size) ? BigInt(size) : limit);
  const total = countTotal && request.key === null ? BigInt(size) : 0n;
  const seekKey = ignoreKey ? null : request.key;
  if (request.reverse && mode === 'extended') {
    let start: number;
    if (seekKey !== null) {
      const bound = table.lowerBound(seekKey);
      start = bound < size && table.keyAt(bound) === seekKey ? bound : bound - 1;
    } else start = request.offset >= BigInt(size) ? -1 : size - 1 - Number(request.offset);
    const stop = Math.max(-1, start - pageSize);
    return { items: table.slice(start, stop), nextKey: stop >= 0 ? table.keyAt(stop) : null, total };
  }
  const start =
    seekKey !== null ? table.lowerBound(seekKey) : request.offset >= BigInt(size) ? size : Number(request.offset);
  const end = Math.min(size, start + pageSize);
  return { items: table.slice(start, end), nextKey: end < size ? table.keyAt(end) : null, total };
}

/** A page whose rows are looked up elsewhere (index → primary table); rows not found are dropped. */
export function mapPage<A, B>(page: Page<A>, lookup: (item: A) => B | undefined): Page<B> {
  const items: B[] = [];
  for (const item of page.items) {
    const found = lookup(item);
    if (found !== undefined) items.push(found);
  }
  return { items, nextKey: page.nextKey, total: page.total };
}
