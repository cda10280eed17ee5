import { internalError } from '../../lib/grpc-status.ts';
import type { Page, PageRequest } from './paginate.ts';
import type { ReadTable } from './versioned-table.ts';

// query.CollectionFilteredPaginate, the pagination of modules built on collections (x/gov).
// Unlike the group ORM it honours `reverse`, counts only rows the filter keeps, and with a key
// it counts rows it looked at rather than rows it kept. Its quirks are kept: the next key is the
// row where counting found the page full, which can be a row the filter rejects.

const DEFAULT_LIMIT = 100n;

/** Positions of the rows to walk, in order: all of them, or from a key on (inclusive). */
function walk(size: number, reverse: boolean, start: number): Generator<number> {
  return (function* () {
    if (reverse) for (let position = start; position >= 0; position--) yield position;
    else for (let position = start; position < size; position++) yield position;
  })();
}

/** The first key after every key starting with `key` (null: none, the walk covers the rest). */
function prefixEnd(key: string): string | null {
  for (let i = key.length - 1; i >= 0; i--) {
    const code = key.charCodeAt(i);
    if (code < 0xff) return key.slice(0, i) + String.fromCharCode(code + 1);
  }
  return null;
}

/**
 * One page of `table`'s rows that `include` keeps. `include` may throw a query error (a bad
 * filter address): it is only called for rows the walk reaches, as on a node.
 */
export function collectionPaginate<V>(
  table: ReadTable<V>,
  request: PageRequest,
  include: (row: V) => boolean,
): Page<V> {
  const limit = request.limit === 0n ? DEFAULT_LIMIT : request.limit;
  const countTotal = request.limit === 0n ? true : request.countTotal;
  if (request.offset > 0n && request.key !== null) {
    throw internalError('invalid request, either offset or key is expected, got both');
  }
  const size = table.size;
  if (request.key !== null) {
    let start: number;
    if (request.reverse) {
      const end = prefixEnd(request.key);
      start = (end === null ? size : table.lowerBound(end)) - 1;
    } else start = table.lowerBound(request.key);
    const items: V[] = [];
    let looked = 0n;
    for (const position of walk(size, request.reverse, start)) {
      if (looked === limit) return { items, nextKey: table.keyAt(position), total: 0n };
      const row = table.valueAt(position);
      if (include(row)) items.push(row);
      looked++;
    }
    return { items, nextKey: null, total: 0n };
  }

  // Advancing past the end is ErrInvalidIterator, which the caller turns into an empty page.
  if (request.offset > BigInt(size)) return { items: [], nextKey: null, total: 0n };
  const offset = Number(request.offset);
  const items: V[] = [];
  let count = 0n;
  let nextKey: string | null = null;
  for (const position of walk(size, request.reverse, request.reverse ? size - 1 - offset : offset)) {
    if (count < limit) {
      const row = table.valueAt(position);
      if (include(row)) {
        items.push(row);
        count++;
      }
      continue;
    }
    if (count === limit) {
      nextKey = table.keyAt(position);
      if (!countTotal) return { items, nextKey, total: 0n };
    }
    if (include(table.valueAt(position))) count++;
  }
  return { items, nextKey, total: countTotal ? count + request.offset : 0n };
}
