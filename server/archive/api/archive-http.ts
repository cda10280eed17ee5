import { GrpcCode, GrpcStatusError, invalidArgument } from '../../lib/grpc-status.ts';
import type { KeptBundle } from '../store/proofs/bundle-files.ts';
import { ArchiveQuery } from './archive-params.ts';
import { ARCHIVE_ROUTES } from './archive-routes.ts';
import type { ArchiveSource } from './archive-source.ts';
import { keepFinalBundle, keptBundle, sha256Hex } from './proofs/bundle-cache.ts';
import { BusyError, SerializedJson } from './proofs/bundle-serial.ts';
import { header, matchesIfNoneMatch, type RequestHeaders } from './request-headers.ts';

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
    headers: {
      'Content-Type': 'application/json',
      ...(error instanceof BusyError ? { 'Retry-After': String(error.retryAfterSeconds) } : {}),
    },
    body: JSON.stringify({ code: error.code, message: error.message, details: [] }),
  };
}

/**
 * The route a GET of the archive's API or feeds takes: its entry, the path's captures, and the
 * archive it reads; or the answer that stops it (not GET, bad encoding, no route, no archive, an
 * archive still opening). One set of rules for both.
 */
export function routeArchiveRequest<Entry extends { pattern: RegExp }>(
  routes: readonly Entry[],
  request: { method: string; path: string; absent: boolean },
  source: ArchiveSource | null,
): { entry: Entry; captures: string[]; source: ArchiveSource } | { refused: ArchiveAnswer } {
  const refuse = (code: GrpcCode, message: string) => ({ refused: archiveFailure(new GrpcStatusError(code, message)) });
  // HEAD is a GET whose body the server leaves out (a cache in front asks it).
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(GrpcCode.Unimplemented, 'Not Implemented');
  let decoded: string;
  try {
    decoded = decodeURIComponent(request.path);
  } catch {
    return refuse(GrpcCode.InvalidArgument, 'the path is not valid percent-encoding');
  }
  const route = routes.map((entry) => ({ entry, match: entry.pattern.exec(decoded) })).find(({ match }) => match);
  if (!route?.match) return refuse(GrpcCode.Unimplemented, 'Not Implemented');
  if (request.absent) {
    return refuse(
      GrpcCode.Unimplemented,
      'this server keeps no archive of its chain (it was started with --archive off)',
    );
  }
  if (!source) {
    const opening = refuse(GrpcCode.Unavailable, 'the archive is still opening its database');
    // Opening takes seconds: a client may ask again after one.
    opening.refused.headers['Retry-After'] = '1';
    return opening;
  }
  return { entry: route.entry, captures: [...route.match], source };
}

const okJson = (body: unknown): ArchiveAnswer => ({
  status: 200,
  headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' },
  body: body instanceof SerializedJson ? body.text : JSON.stringify(body),
});

/**
 * A bundle's bytes are named by their SHA-256, the ETag a reader's browser or a cache in front
 * asks again with. One that can no longer change may be kept by anyone for a year; one that can
 * (an open proposal's) for a few seconds, about a block.
 */
const BUNDLE_CACHING = { final: 'public, max-age=31536000, immutable', changing: 'public, max-age=5' } as const;

function bundleAnswer(bundle: KeptBundle, kind: 'final' | 'changing', headers: RequestHeaders): ArchiveAnswer {
  const validators = { ETag: `"${bundle.sha256}"`, 'Cache-Control': BUNDLE_CACHING[kind] };
  if (matchesIfNoneMatch(headers, validators.ETag))
    return { status: 304, headers: { ...validators, Vary: 'Accept-Encoding' }, body: '' };
  return { status: 200, headers: { 'Content-Type': 'application/json', ...validators }, body: bundle.body };
}

/**
 * The copy a request reads (the primary, or a replica that has read at least the height the page
 * already saw: `X-Polity-At-Least`) and the headers saying what its answer is as of. The status
 * always reads the primary: it speaks for the writer, and lists the replicas.
 */
async function readingFor(
  source: ArchiveSource,
  path: string,
  headers: RequestHeaders,
): Promise<{ source: ArchiveSource; asOf: Record<string, string> }> {
  const asked = header(headers, 'x-polity-at-least');
  if (asked !== undefined && !/^\d{1,20}$/.test(asked))
    throw invalidArgument(`X-Polity-At-Least must be a block height, got ${JSON.stringify(asked.slice(0, 40))}`);
  if (!source.reads) return { source, asOf: {} };
  const choice = await source.reads.choose(path === 'status' || asked === undefined ? null : BigInt(asked));
  const asOf: Record<string, string> = { 'X-Polity-Read-From': choice.from };
  if (choice.asOf !== null) asOf['X-Polity-As-Of'] = choice.asOf.toString();
  return { source: path === 'status' ? source : { ...source, store: choice.store }, asOf };
}

/** The status of an archive whose database is still opening: nothing is known yet but that. */
const STARTING_STATUS = {
  chain_id: null,
  phase: 'starting',
  problem: null,
  earliest_height: null,
  latest_height: null,
  latest_block_time: null,
  node_latest_height: null,
  lag: null,
  backfill: null,
  fill: null,
  fill_problem: null,
  gaps: [],
};

/** One archive API request (`path` is what follows /polity/archive/v1/); never throws. */
export async function handleArchive(
  source: ArchiveSource | null,
  method: string,
  path: string,
  rawQuery: string,
  absent = false,
  headers: RequestHeaders = {},
): Promise<ArchiveAnswer> {
  // While its database opens, the archive's status answers (phase "starting"), so a page can say
  // so quietly instead of meeting a 503 on its first request.
  if (!source && !absent && method === 'GET' && path === 'status') return okJson(STARTING_STATUS);
  const routed = routeArchiveRequest(ARCHIVE_ROUTES, { method, path, absent }, source);
  if ('refused' in routed) return routed.refused;
  const request = rawQuery === '' ? path : `${path}?${rawQuery}`;
  try {
    const read = await readingFor(routed.source, path, headers);
    const asOf = read.asOf;
    const answered = (answer: ArchiveAnswer): ArchiveAnswer => ({ ...answer, headers: { ...answer.headers, ...asOf } });
    const kept = path.startsWith('proofs/') ? await keptBundle(routed.source, request) : null;
    if (kept) return answered(bundleAnswer(kept, 'final', headers));
    const body = await routed.entry.answer(
      read.source,
      routed.captures,
      new ArchiveQuery(new URLSearchParams(rawQuery)),
    );
    if (!(body instanceof SerializedJson) || body.bundle === null) return answered(okJson(body));
    const bundle = { sha256: sha256Hex(body.text), body: body.text };
    // Kept where the writer writes: every reader of the primary finds it (a standby refuses writes).
    if (body.bundle === 'final') await keepFinalBundle(routed.source, request, bundle);
    return answered(bundleAnswer(bundle, body.bundle, headers));
  } catch (error) {
    if (error instanceof GrpcStatusError) return archiveFailure(error);
    console.error('archive query failed', error);
    return archiveFailure(new GrpcStatusError(GrpcCode.Unknown, 'internal error'));
  }
}
