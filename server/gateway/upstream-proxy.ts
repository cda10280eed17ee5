import type { IncomingMessage, ServerResponse } from 'node:http';

import { GrpcCode, GrpcStatusError, notImplemented } from '../lib/grpc-status.ts';
import { errorBody, httpStatusOf } from './error-body.ts';
import { isApiPath } from './handle-api.ts';

export const UPSTREAM_PREFIX = '/upstream/';

export interface Upstream {
  name: string;
  url: URL;
}

export function parseUpstream(spec: string): Upstream {
  const eq = spec.indexOf('=');
  const name = spec.slice(0, eq);
  if (eq < 1 || !/^[a-z0-9][a-z0-9-]{0,31}$/i.test(name)) throw new Error(`--upstream wants NAME=URL, got ${spec}`);
  const url = new URL(spec.slice(eq + 1));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--upstream ${name}: only http(s) URLs`);
  return { name, url };
}

const PASS_HEADERS = ['content-type', 'grpc-metadata-x-cosmos-block-height', 'x-cosmos-block-height'];

/** Proxy failures in the gateway's error shape; `http` overrides the code's usual status. */
function fail(res: ServerResponse, error: GrpcStatusError, http = httpStatusOf(error)): void {
  res.writeHead(http, { 'Content-Type': 'application/json' });
  res.end(errorBody(error));
}

/**
 * Forwards GETs of the API's own paths to a configured node, so a browser can read a chain whose
 * REST endpoint sends no CORS headers. The target host is fixed by configuration; a request can
 * only choose among the configured names and among API paths.
 */
export async function proxy(
  upstreams: Map<string, Upstream>,
  req: IncomingMessage,
  res: ServerResponse,
  rawPath: string,
  rawQuery: string,
) {
  const rest = rawPath.slice(UPSTREAM_PREFIX.length);
  const slash = rest.indexOf('/');
  const name = slash === -1 ? rest : rest.slice(0, slash);
  const apiPath = slash === -1 ? '/' : rest.slice(slash);
  const up = upstreams.get(name);
  if (!up) return fail(res, new GrpcStatusError(GrpcCode.NotFound, `unknown upstream "${name}"`));
  if (req.method !== 'GET' || !isApiPath(apiPath) || apiPath.includes('//') || /%2e|\.\./i.test(apiPath)) {
    return fail(res, notImplemented());
  }
  const target = new URL(up.url.href.replace(/\/$/, '') + apiPath + (rawQuery ? `?${rawQuery}` : ''));
  if (target.origin !== up.url.origin) return fail(res, notImplemented());
  const headers: Record<string, string> = { accept: 'application/json' };
  const h = req.headers['x-cosmos-block-height'];
  if (typeof h === 'string') headers['x-cosmos-block-height'] = h;
  try {
    const r = await fetch(target, { headers, redirect: 'error', signal: AbortSignal.timeout(15000) });
    const out: Record<string, string> = {};
    for (const k of PASS_HEADERS) {
      const v = r.headers.get(k);
      if (v !== null) out[k] = v;
    }
    const body = Buffer.from(await r.arrayBuffer());
    res.writeHead(r.status, out);
    res.end(body);
  } catch (e) {
    const timeout = e instanceof Error && e.name === 'TimeoutError';
    const code = timeout ? GrpcCode.DeadlineExceeded : GrpcCode.Unavailable;
    fail(
      res,
      new GrpcStatusError(code, `upstream ${name} ${timeout ? 'timed out' : 'unreachable'}`),
      timeout ? 504 : 502,
    );
  }
}
