import type { SortedTable } from '../chain/sorted-table.ts';
import { gatewayBytes } from '../lib/go-base64.ts';
import { GoParseError, parseBool, parseUint64 } from '../lib/go-strconv.ts';
import { invalidArgument, unknown } from './api-error.ts';

export interface PageRequest {
  key: string | null;
  offset: bigint;
  limit: bigint;
  countTotal: boolean;
  reverse: boolean;
}

export interface PageResult<V> {
  items: V[];
  nextKey: string | null;
  total: bigint;
}

const FIELDS: Record<string, keyof PageRequest> = {
  key: 'key',
  offset: 'offset',
  limit: 'limit',
  count_total: 'countTotal',
  countTotal: 'countTotal',
  reverse: 'reverse',
};

function parseField(req: PageRequest, field: keyof PageRequest, value: string): void {
  try {
    if (field === 'key') {
      const bytes = gatewayBytes(value);
      req.key = bytes.length ? Buffer.from(bytes).toString('latin1') : null;
    } else if (field === 'offset' || field === 'limit') req[field] = parseUint64(value);
    else req[field] = parseBool(value);
  } catch (e) {
    if (e instanceof GoParseError) throw invalidArgument(e.message);
    throw e;
  }
}

/** PopulateQueryParameters for the `pagination.*` fields; anything else is ignored. */
export function parsePageRequest(query: Map<string, string[]>): PageRequest {
  const req: PageRequest = { key: null, offset: 0n, limit: 0n, countTotal: false, reverse: false };
  for (const [name, values] of query) {
    if (!name.startsWith('pagination.')) continue;
    const field = FIELDS[name.slice('pagination.'.length)];
    if (field) parseField(req, field, values[0]);
  }
  return req;
}

export type PaginationMode = 'extended' | 'sdk';

/**
 * x/group's ORM pagination over one index range. In 'sdk' mode reverse is ignored as the SDK
 * does; 'extended' honours it. `ignoreKey` reproduces /groups, which never seeks to the key.
 */
export function paginate<V>(
  table: SortedTable<V>,
  req: PageRequest,
  mode: PaginationMode,
  ignoreKey = false,
): PageResult<V> {
  if (req.offset > 0n && req.key !== null) {
    throw unknown('invalid request, either offset or key is expected, got both');
  }
  let limit = req.limit;
  let countTotal = req.countTotal;
  if (limit === 0n) {
    limit = 100n;
    countTotal = true;
  }
  const size = table.size;
  const n = Number(limit > BigInt(size) ? BigInt(size) : limit);
  const total = countTotal && req.key === null ? BigInt(size) : 0n;
  const seekKey = ignoreKey ? null : req.key;
  const items: V[] = [];
  let nextKey: string | null;
  if (req.reverse && mode === 'extended') {
    let start: number;
    if (seekKey !== null) {
      const lb = table.lowerBound(seekKey);
      start = lb < size && table.keyAt(lb) === seekKey ? lb : lb - 1;
    } else start = req.offset >= BigInt(size) ? -1 : size - 1 - Number(req.offset);
    let i = start;
    for (; i >= 0 && items.length < n; i--) items.push(table.valueAt(i));
    nextKey = i >= 0 ? table.keyAt(i) : null;
  } else {
    const start = seekKey !== null ? table.lowerBound(seekKey) : req.offset >= BigInt(size) ? size : Number(req.offset);
    const end = Math.min(size, start + n);
    for (let i = start; i < end; i++) items.push(table.valueAt(i));
    nextKey = end < size ? table.keyAt(end) : null;
  }
  return { items, nextKey, total };
}

export function pageJson(r: { nextKey: string | null; total: bigint }): string {
  const key = r.nextKey === null ? 'null' : `"${Buffer.from(r.nextKey, 'latin1').toString('base64')}"`;
  return `{"next_key":${key},"total":"${r.total}"}`;
}
