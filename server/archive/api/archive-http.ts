import { GrpcCode, GrpcStatusError } from '../../lib/grpc-status.ts';
import { ArchiveQuery } from './archive-params.ts';
import { ARCHIVE_ROUTES, type ArchiveSource } from './archive-routes.ts';

export const ARCHIVE_PREFIX = '/polity/archive/v1/';

export interface ArchiveAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const HTTP_STATUS: Partial<Record<number, number>> = {
  [GrpcCode.InvalidArgument]: 400,
  [GrpcCode.NotFound]: 404,
  [GrpcCode.Unimplemented]: 501,
  [GrpcCode.Unavailable]: 503,
};

/** Errors in the node's shape: `{"code":…,"message":…,"details":[]}`. */
export function archiveFailure(error: GrpcStatusError): ArchiveAnswer {
  return {
    status: HTTP_STATUS[error.code] ?? 500,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: error.code, message: error.message, details: [] }),
  };
}

/** One archive API request (`path` is what follows /polity/archive/v1/); never throws. */
export async function handleArchive(
  source: ArchiveSource | null,
  method: string,
  path: string,
  rawQuery: string,
  absent = false,
): Promise<ArchiveAnswer> {
  if (method !== 'GET') return archiveFailure(new GrpcStatusError(GrpcCode.Unimplemented, 'Not Implemented'));
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return archiveFailure(new GrpcStatusError(GrpcCode.InvalidArgument, 'the path is not valid percent-encoding'));
  }
  const route = ARCHIVE_ROUTES.map((entry) => ({ entry, match: entry.pattern.exec(decoded) })).find(
    ({ match }) => match,
  );
  if (!route?.match) return archiveFailure(new GrpcStatusError(GrpcCode.Unimplemented, 'Not Implemented'));
  if (absent) {
    return archiveFailure(
      new GrpcStatusError(
        GrpcCode.Unimplemented,
        'this server keeps no archive of its chain (it was started with --archive off)',
      ),
    );
  }
  if (!source)
    return archiveFailure(new GrpcStatusError(GrpcCode.Unavailable, 'the archive is still opening its database'));
  try {
    const body = await route.entry.answer(source, [...route.match], new ArchiveQuery(new URLSearchParams(rawQuery)));
    return {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' },
      body: JSON.stringify(body),
    };
  } catch (error) {
    if (error instanceof GrpcStatusError) return archiveFailure(error);
    console.error('archive query failed', error);
    return archiveFailure(new GrpcStatusError(GrpcCode.Unknown, 'internal error'));
  }
}
