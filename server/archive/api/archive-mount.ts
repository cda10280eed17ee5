import { GrpcCode } from '../../lib/grpc-status.ts';
import { ARCHIVE_PREFIX, handleArchive, type ArchiveAnswer } from './archive-http.ts';
import type { ArchiveSource } from './archive-routes.ts';

/**
 * Where archive requests arrive on the server: `/polity/archive/v1/…` for the local chain's
 * archive, `/upstream/NAME/polity/archive/v1/…` for a proxied chain's.
 */
export function archiveTarget(rawPath: string): { name: string; path: string } | null {
  if (rawPath.startsWith(ARCHIVE_PREFIX)) return { name: '', path: rawPath.slice(ARCHIVE_PREFIX.length) };
  const upstream = /^\/upstream\/([a-z0-9][a-z0-9-]{0,31})(\/polity\/archive\/v1\/.*)$/i.exec(rawPath);
  if (!upstream) return null;
  return { name: upstream[1], path: upstream[2].slice(ARCHIVE_PREFIX.length) };
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
 * The archive API as mounted on the node's server. The local archive's paths always answer as
 * the archive API (501 when it is off), never as a page of the dashboard; an upstream without an
 * archive is left to the proxy (which answers 501 for it).
 */
export function archiveMount(archives: ArchiveLookup | undefined) {
  return (method: string, rawPath: string, rawQuery: string): Promise<ArchiveAnswer> | null => {
    const archived = archiveTarget(rawPath);
    if (!archived) return null;
    const archive = archives?.get(archived.name);
    const failure = archives?.failure?.(archived.name);
    if (failure !== undefined) return Promise.resolve(failedToStart(failure));
    if (archive === undefined && archived.name !== '') return null;
    return handleArchive(archive ?? null, method, archived.path, rawQuery, archive === undefined);
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
