import { invalidArgument, notImplemented } from '../../../lib/grpc-status.ts';
import { parseGoQuery } from '../go-query.ts';
import { findRoute } from '../handle-api.ts';
import { parseGovFilter, parsePageRequest } from '../page-request.ts';
import type { QueryKind } from '../route.ts';

// What the proxy sends upstream is rebuilt from the parsed request, never copied from the raw
// one: the path from the matched route (literals as the route spells them, values re-encoded),
// the query from the parameters that route takes (values in canonical form), the height from
// a header of digits. Anything that parses ambiguously is refused here, not passed on.

export interface UpstreamRequest {
  /** Path and query, ready to append to the upstream's base URL. */
  pathAndQuery: string;
  /** Digits only, or null. */
  height: string | null;
}

/** The proto names of the PageRequest fields the gateway fills from the query (both spellings). */
const PAGINATION_PARAMS: Record<string, string> = {
  key: 'key',
  offset: 'offset',
  limit: 'limit',
  count_total: 'count_total',
  countTotal: 'count_total',
  reverse: 'reverse',
};

/** C0 controls and DEL: CR/LF/NUL smuggled through percent-encoding. */
const hasControl = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
const HEIGHT = /^\d{1,19}$/;

const refusedPath = (why: string) => invalidArgument(`path not forwarded to the upstream: ${why}`);

/** The API path as a route's canonical segments; throws the gateway's 400 or 501. */
function canonicalPath(rawPath: string): { path: string; query: QueryKind } {
  if (rawPath.includes('//')) throw refusedPath('empty segment');
  if (rawPath.includes('\\') || /%(2f|5c)/i.test(rawPath)) throw refusedPath('slash or backslash inside a segment');
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    throw refusedPath('malformed percent-encoding');
  }
  if (hasControl(decoded)) throw refusedPath('control character');
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) throw refusedPath('dot segment');
  const matched = findRoute(decoded);
  if (!matched) throw notImplemented();
  let valueIndex = 0;
  const segments = matched.route.segments.map((segment) =>
    'literal' in segment ? segment.literal : encodeURIComponent(matched.values[valueIndex++]),
  );
  return { path: '/' + segments.join('/'), query: matched.route.query };
}

/** The parameters the route takes, validated as the gateway would and re-encoded canonically. */
function canonicalQuery(kind: QueryKind, rawQuery: string): string {
  if (kind === 'none') return '';
  const query = parseGoQuery(rawQuery); // a bad escape or a semicolon: the gateway's own 400
  if (kind === 'module_name') {
    const name = (query.get('module_name') ?? query.get('moduleName'))?.[0];
    if (name === undefined) return '';
    if (hasControl(name)) throw invalidArgument('module_name contains a control character');
    return `module_name=${encodeURIComponent(name)}`;
  }
  const page = parsePageRequest(query); // the gateway's parse errors, word for word
  const given = new Set<string>();
  for (const name of query.keys()) {
    const field = name.startsWith('pagination.') ? PAGINATION_PARAMS[name.slice('pagination.'.length)] : undefined;
    if (field) given.add(field);
  }
  const parts: string[] = [];
  if (given.has('key') && page.key !== null) {
    parts.push(`pagination.key=${encodeURIComponent(Buffer.from(page.key, 'latin1').toString('base64'))}`);
  }
  if (given.has('offset')) parts.push(`pagination.offset=${page.offset}`);
  if (given.has('limit')) parts.push(`pagination.limit=${page.limit}`);
  if (given.has('count_total')) parts.push(`pagination.count_total=${page.countTotal}`);
  if (given.has('reverse')) parts.push(`pagination.reverse=${page.reverse}`);
  if (kind === 'gov_proposals') parts.push(...govFilterParts(query));
  return parts.join('&');
}

/** x/gov's proposal filters, parsed as the gateway parses them; only those given are sent. */
function govFilterParts(query: Map<string, string[]>): string[] {
  const filter = parseGovFilter(query);
  const parts: string[] = [];
  if (query.has('proposal_status') || query.has('proposalStatus'))
    parts.push(`proposal_status=${filter.proposalStatus}`);
  for (const [name, value] of [
    ['voter', filter.voter],
    ['depositor', filter.depositor],
  ]) {
    if (value === '') continue;
    if (hasControl(value)) throw invalidArgument(`${name} contains a control character`);
    parts.push(`${name}=${encodeURIComponent(value)}`);
  }
  return parts;
}

/**
 * The request to send upstream for an API path (after `/upstream/NAME`), a raw query string and
 * the client's height header. Throws a GrpcStatusError: 400 for anything malformed, 501 for a
 * path that is not one of the API's routes.
 */
export function upstreamRequest(rawPath: string, rawQuery: string, heightHeader: string | undefined): UpstreamRequest {
  const { path, query: kind } = canonicalPath(rawPath);
  const query = canonicalQuery(kind, rawQuery);
  if (heightHeader !== undefined && !HEIGHT.test(heightHeader)) {
    throw invalidArgument('x-cosmos-block-height must be a height in digits');
  }
  return { pathAndQuery: query ? `${path}?${query}` : path, height: heightHeader ?? null };
}
