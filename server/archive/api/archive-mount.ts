import { GrpcCode } from '../../lib/grpc-status.ts';
import { ARCHIVE_PREFIX, handleArchive, type ArchiveAnswer } from './archive-http.ts';
import type { ArchiveSource } from './archive-source.ts';
import { FEEDS_PREFIX, handleFeed } from './feeds/feed-http.ts';
import type { RequestHeaders } from './request-headers.ts';

/** The archive's two doors: its JSON API and its Atom feeds. */
type ArchiveRoom = 'api' | 'feeds';

const ROOM_PREFIXES: readonly [ArchiveRoom, string][] = [
  ['api', ARCHIVE_PREFIX],
  ['feeds', FEEDS_PREFIX],
];

/**
 * Where archive requests arrive on the server: `/polity/archive/v1/…` (the API) and
 * `/polity/feeds/v1/…` (the feeds) for the local chain's archive, the same under
 * `/upstream/NAME` for a proxied chain's.
 */
export function archiveTarget(rawPath: string): { name: string; room: ArchiveRoom; path: string } | null {
  for (const [room, prefix] of ROOM_PREFIXES)
    if (rawPath.startsWith(prefix)) return { name: '', room, path: rawPath.slice(prefix.length) };
  const upstream = /^\/upstream\/([a-z0-9][a-z0-9-]{0,31})(\/polity\/(archive|feeds)\/v1\/.*)$/i.exec(rawPath);
  if (!upstream) return null;
  const room: ArchiveRoom = upstream[3].toLowerCase() === 'archive' ? 'api' : 'feeds';
  return { name: upstream[1], room, path: upstream[2].slice((room === 'api' ? ARCHIVE_PREFIX : FEEDS_PREFIX).length) };
}

/**
 * Archives by chain ('' for the local chain, else the upstream's name): undefined when that
 * chain has none, null while it is still opening.
 */
export interface ArchiveLookup {
  get(name: string): ArchiveSource | null | undefined;
  /** Why that chain's archive could not start, if it could not. */
  failure?(name: string): string | undefined;
}

/**
 * The archive API and feeds as mounted on the node's server. The local archive's paths always
 * answer as the archive (501 when it is off), never as a page of the dashboard; an upstream
 * without an archive is left to the proxy (which answers 501 for it). The feeds read the
 * request's headers (Host for their links, If-None-Match).
 */
export function archiveMount(archives: ArchiveLookup | undefined) {
  return (
    method: string,
    rawPath: string,
    rawQuery: string,
    headers: RequestHeaders = {},
  ): Promise<ArchiveAnswer> | null => {
    const archived = archiveTarget(rawPath);
    if (!archived) return null;
    const archive = archives?.get(archived.name);
    const failure = archives?.failure?.(archived.name);
    if (failure !== undefined) return Promise.resolve(failedToStart(failure));
    if (archive === undefined && archived.name !== '') return null;
    const absent = archive === undefined;
    if (archived.room === 'feeds')
      return handleFeed(
        archive ?? null,
        { method, path: archived.path, rawQuery, absent },
        { upstream: archived.name, headers },
      );
    return handleArchive(archive ?? null, method, archived.path, rawQuery, absent, headers);
  };
}

/** An archive that failed to start answers every path with why (503, the node's error shape). */
function failedToStart(reason: string): ArchiveAnswer {
  return {
    status: 503,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      code: GrpcCode.Unavailable,
      message: `the archive could not start: ${reason}`,
      details: [],
    }),
  };
}
