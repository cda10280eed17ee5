import { createHash } from 'node:crypto';

import { GrpcCode, GrpcStatusError, invalidArgument } from '../../../lib/grpc-status.ts';
import { archiveFailure, routeArchiveRequest, type ArchiveAnswer } from '../archive-http.ts';
import { ArchiveQuery } from '../archive-params.ts';
import type { ArchiveSource } from '../archive-source.ts';
import { header, matchesIfNoneMatch, type RequestHeaders } from '../request-headers.ts';
import { atomXml } from './atom-xml.ts';
import { FEED_ROUTES, type FeedRequest } from './feed-routes.ts';

// The Atom feeds beside the archive API, under /polity/feeds/v1/: the same archive, the same
// errors (the node's JSON error shape), answered as XML with an ETag.

export const FEEDS_PREFIX = '/polity/feeds/v1/';

/** Where a feed request came: which chain's archive (`/upstream/NAME` or the local one), and through which host. */
export interface FeedCall {
  /** '' for the local chain, else the upstream's name. */
  readonly upstream: string;
  readonly headers: RequestHeaders;
}

/** A host name or address with an optional port: nothing else may go into the links a feed gives out. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** The origin the request reached (for absolute links): its Host, and https only when a proxy in front says so. */
function originOf(headers: RequestHeaders): string {
  const host = header(headers, 'host');
  if (host === undefined || !HOST.test(host)) throw invalidArgument('the request has no Host header naming a host');
  const scheme = header(headers, 'x-forwarded-proto')?.toLowerCase() === 'https' ? 'https' : 'http';
  return `${scheme}://${host.toLowerCase()}`;
}

/** A weak validator: the same bytes for every coding the front compresses them into. */
const etagOf = (body: string) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

function feedRequest(source: ArchiveSource, rawQuery: string, call: FeedCall): FeedRequest {
  const origin = originOf(call.headers);
  const prefix = call.upstream === '' ? '' : `/upstream/${call.upstream}`;
  const withQuery = (url: string, query?: URLSearchParams) =>
    query && query.size > 0 ? `${url}?${query.toString()}` : url;
  return {
    source,
    query: new ArchiveQuery(new URLSearchParams(rawQuery)),
    feedUrl: (path, query) => withQuery(`${origin}${prefix}${FEEDS_PREFIX}${path}`, query),
    // The dashboard is served at the root; it reads an upstream's chain when told so by ?api=.
    page: (path, query) => {
      const params = new URLSearchParams(query);
      if (prefix !== '') params.set('api', prefix);
      return withQuery(`${origin}${path}`, params);
    },
  };
}

/** One feed request (`path` is what follows /polity/feeds/v1/); never throws. */
export async function handleFeed(
  source: ArchiveSource | null,
  request: { method: string; path: string; rawQuery: string; absent: boolean },
  call: FeedCall,
): Promise<ArchiveAnswer> {
  const routed = routeArchiveRequest(FEED_ROUTES, request, source);
  if ('refused' in routed) return routed.refused;
  try {
    const feed = await routed.entry.feed(feedRequest(routed.source, request.rawQuery, call), routed.captures);
    const body = atomXml(feed);
    const etag = etagOf(body);
    const validators = { ETag: etag, 'Cache-Control': 'no-cache' };
    if (matchesIfNoneMatch(call.headers, etag))
      return { status: 304, headers: { ...validators, Vary: 'Accept-Encoding' }, body: '' };
    return { status: 200, headers: { 'Content-Type': 'application/atom+xml; charset=utf-8', ...validators }, body };
  } catch (error) {
    if (error instanceof GrpcStatusError) return archiveFailure(error);
    console.error('archive feed failed', error);
    return archiveFailure(new GrpcStatusError(GrpcCode.Unknown, 'internal error'));
  }
}
