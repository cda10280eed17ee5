import * as v from 'valibot';

import { classifyHttpError, ContractError, TimeoutError, UnreachableError } from './errors.ts';
import { archiveReadHeaders, noteArchiveAsOf, reportHeight } from './latest-height.ts';

const DEFAULT_TIMEOUT_MS = 15_000;

export interface Fetched<T> {
  data: T;
  /** Block height from the response headers, when the server exposes it. */
  height: string | null;
}

/** Joins an endpoint (absolute URL, or a path prefix on this origin, or '') with an API path. */
export function apiUrl(endpoint: string, path: string, query?: URLSearchParams): string {
  const base = endpoint.replace(/\/+$/, '');
  const qs = query && [...query.keys()].length > 0 ? `?${query.toString()}` : '';
  return `${base}${path}${qs}`;
}

function describeIssue(issues: v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return 'unexpected shape';
  const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
  return `${path || '(root)'}: ${issue.message}`;
}

/**
 * GETs one API path and validates the body. Every failure becomes one of the ApiError classes,
 * naming the endpoint, so a page can say what went wrong and whether retrying makes sense.
 */
export async function getJson<S extends v.GenericSchema>(
  endpoint: string,
  path: string,
  schema: S,
  opts: {
    query?: URLSearchParams;
    signal?: AbortSignal;
    timeoutMs?: number;
    /** Read the state after this block (the SDK's x-cosmos-block-height), not the latest. */
    height?: string;
  } = {},
): Promise<Fetched<v.InferOutput<S>>> {
  const url = apiUrl(endpoint, path, opts.query);
  const name = path.replace(/\/(cosmos\/(group\/v1|upgrade\/v1beta1)|polity\/archive\/v1)\//, '').split('/')[0];
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const seconds = Math.round((opts.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000);
  let res: Response;
  try {
    const pinned: Record<string, string> = opts.height ? { 'x-cosmos-block-height': opts.height } : {};
    const atLeast = archiveReadHeaders(endpoint, path);
    res = await fetch(url, { signal, headers: { accept: 'application/json', ...pinned, ...atLeast } });
  } catch (error) {
    if (timeout.aborted) throw new TimeoutError(`${name}: no answer within ${seconds} s`, name);
    if (opts.signal?.aborted) throw error;
    throw new UnreachableError(
      `${name}: the endpoint could not be reached (offline, wrong address, or it refuses cross-origin requests)`,
      name,
    );
  }
  // The headers can arrive in time and the body stall or break off: that is a timeout or a lost
  // connection too, not a failing server.
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    if (timeout.aborted)
      throw new TimeoutError(`${name}: the answer did not finish arriving within ${seconds} s`, name);
    if (opts.signal?.aborted) throw error;
    throw new UnreachableError(`${name}: the connection broke off while the answer arrived`, name, res.status);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    if (!res.ok) throw classifyHttpError(name, res.status, null);
    throw new ContractError(`${name}: the answer is not JSON — is this a Cosmos REST endpoint?`, name, res.status);
  }
  if (!res.ok) throw classifyHttpError(name, res.status, body);
  const parsed = v.safeParse(schema, body);
  if (!parsed.success)
    throw new ContractError(`${name}: unexpected response (${describeIssue(parsed.issues)})`, name, res.status);
  noteArchiveAsOf(endpoint, res.headers.get('x-polity-as-of'));
  const height = res.headers.get('x-cosmos-block-height') ?? res.headers.get('grpc-metadata-x-cosmos-block-height');
  // A pinned read's height is the one asked for, not news of the chain's latest.
  if (height && !opts.height) reportHeight(endpoint, height);
  return { data: parsed.output, height };
}
