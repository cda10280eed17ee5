import { createHash } from 'node:crypto';

// The fault proxy's `hugeIndexTotals`: a node whose index answers every `tx_search` and
// `block_search` of a height range with a total of 9e15 and full pages of results inside that
// range, whatever page is asked (the audit's index, paged for over a minute, memory growing). The
// results are made up but look like the index's: each page goes up in height from the one
// before, until the range's last height, where they stay.

/** The total the lying index claims, as the audit saw it. */
export const HUGE_INDEX_TOTAL = '9000000000000000';

interface RpcCall {
  id?: unknown;
  method?: unknown;
  params?: Record<string, unknown>;
}

/** A search as asked: its kind, the heights its query names, and the page and page size asked. */
export interface SearchAsked {
  kind: 'tx' | 'block';
  from: bigint;
  to: bigint;
  page: number;
  perPage: number;
}

const SEARCH_METHODS: Record<string, SearchAsked['kind']> = { tx_search: 'tx', block_search: 'block' };

function searchOf(call: RpcCall): SearchAsked | null {
  const kind = typeof call.method === 'string' ? SEARCH_METHODS[call.method] : undefined;
  const query = call.params?.query;
  if (!kind || typeof query !== 'string') return null;
  const from = /height\s*>=\s*(\d+)/.exec(query)?.[1];
  const to = /height\s*<=\s*(\d+)/.exec(query)?.[1];
  if (from === undefined || to === undefined) return null;
  const page = Number(call.params?.page ?? 1);
  const perPage = Number(call.params?.per_page ?? 30);
  return { kind, from: BigInt(from), to: BigInt(to), page, perPage };
}

/**
 * The searches of a JSON-RPC request (one call or a batch) by id, and the body to send the real
 * node instead: every search asks for page 1, which the node always has (a later page of an
 * honest index refuses, and the lie must go on).
 */
export function searchesAsked(body: Buffer): { searches: Map<string, SearchAsked>; forwarded: Buffer } {
  const searches = new Map<string, SearchAsked>();
  let parsed: RpcCall | RpcCall[];
  try {
    parsed = JSON.parse(body.toString()) as RpcCall | RpcCall[];
  } catch {
    return { searches, forwarded: body };
  }
  const calls = Array.isArray(parsed) ? parsed : [parsed];
  for (const call of calls) {
    const search = searchOf(call);
    if (!search) continue;
    searches.set(String(call.id), search);
    call.params = { ...call.params, page: '1' };
  }
  return { searches, forwarded: searches.size > 0 ? Buffer.from(JSON.stringify(parsed)) : body };
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').toUpperCase();

/** The page the lying index answers for `search`: full, inside its heights, claiming 9e15 results. */
export function hugeSearchPage(search: SearchAsked): Record<string, unknown> {
  const entries = Array.from({ length: search.perPage }, (_, at) => {
    const place = BigInt((search.page - 1) * search.perPage + at);
    // A transaction search puts a page's results in one block, a block search one a block.
    const step = search.kind === 'tx' ? place / BigInt(search.perPage) : place;
    const height = search.from + step < search.to ? search.from + step : search.to;
    const index = search.kind === 'tx' ? at : 0;
    const hash = hashOf(`${search.kind}:${height}:${index}`);
    return search.kind === 'tx'
      ? { hash, height: String(height), index, tx_result: { code: 0, data: null, log: '', events: [] }, tx: '' }
      : { block_id: { hash }, block: { header: { height: String(height) } } };
  });
  return { [search.kind === 'tx' ? 'txs' : 'blocks']: entries, total_count: HUGE_INDEX_TOTAL };
}
