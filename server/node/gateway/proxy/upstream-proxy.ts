import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';

import { GrpcCode, GrpcStatusError, notImplemented } from '../../../lib/grpc-status.ts';
import type { ServedChainJson } from '../../../lib/served-chain-json.ts';
import { errorBody, httpStatusOf } from '../json/error-body.ts';
import { upstreamRequest, type UpstreamRequest } from './upstream-request.ts';

export const UPSTREAM_PREFIX = '/upstream/';

export interface Upstream {
  name: string;
  url: URL;
  /** A chain served by its registry name (--chain): what it is and which endpoint serves it now. */
  chain?: () => ServedChainJson;
  /** An archive of this chain is served beside it (--upstream-rpc, or --chain with an RPC). */
  archived?: boolean;
  /** What an --upstream node said of itself so far (null: not yet, or it does not say). */
  said?: () => { chain_id: string | null; bech32_prefix: string | null };
}

/** What one proxied answer may cost: its body's size and its whole time, body included. */
export interface ProxyLimits {
  maxBytes: number;
  deadlineMs: number;
}

export const DEFAULT_UPSTREAM_MAX_BYTES = 4 * 1024 * 1024;
export const DEFAULT_PROXY_LIMITS: ProxyLimits = { maxBytes: DEFAULT_UPSTREAM_MAX_BYTES, deadlineMs: 15_000 };

export function parseUpstream(spec: string): Upstream {
  const eq = spec.indexOf('=');
  const name = spec.slice(0, eq);
  if (eq < 1 || !/^[a-z0-9][a-z0-9-]{0,31}$/i.test(name)) throw new Error(`--upstream wants NAME=URL, got ${spec}`);
  const url = new URL(spec.slice(eq + 1));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--upstream ${name}: only http(s) URLs`);
  return { name, url };
}

/**
 * On every proxied answer: whatever an upstream sends is data, never a page of this origin (no
 * type sniffing, and a sandbox without scripts should a browser render it anyway).
 */
const PROXY_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'",
};

const HEIGHT_HEADERS = ['x-cosmos-block-height', 'grpc-metadata-x-cosmos-block-height'];
const JSON_TYPE = /^application\/json\s*(;|$)/i;

function answer(res: ServerResponse, status: number, headers: Record<string, string>, body: Buffer | string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { ...headers, ...PROXY_SECURITY_HEADERS, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** Proxy failures in the gateway's error shape; `http` overrides the code's usual status. */
function fail(res: ServerResponse, error: GrpcStatusError, http = httpStatusOf(error)): void {
  answer(res, http, { 'Content-Type': 'application/json' }, errorBody(error));
}

const badGateway = (message: string) => new GrpcStatusError(GrpcCode.Unavailable, message);

/** The client's height header, in either spelling the gateway accepts. */
function heightHeaderOf(req: IncomingMessage): string | undefined {
  for (const name of HEIGHT_HEADERS) {
    const value = req.headers[name];
    if (value !== undefined) return Array.isArray(value) ? value.join(',') : value;
  }
  return undefined;
}

/**
 * Forwards GETs of the API's own paths to a configured node, so a browser can read a chain whose
 * REST endpoint sends no CORS headers. The target host is fixed by configuration; a request can
 * only choose among the configured names and among the API's routes and their parameters.
 */
export function proxy(
  upstreams: Map<string, Upstream>,
  limits: ProxyLimits,
  req: IncomingMessage,
  res: ServerResponse,
  rawPath: string,
  rawQuery: string,
): void {
  const rest = rawPath.slice(UPSTREAM_PREFIX.length);
  const slash = rest.indexOf('/');
  const name = slash === -1 ? rest : rest.slice(0, slash);
  const up = upstreams.get(name);
  if (!up) return fail(res, new GrpcStatusError(GrpcCode.NotFound, `unknown upstream "${name}"`));
  if (req.method !== 'GET') return fail(res, notImplemented());
  let target: UpstreamRequest;
  try {
    target = upstreamRequest(slash === -1 ? '/' : rest.slice(slash), rawQuery, heightHeaderOf(req));
  } catch (error) {
    if (error instanceof GrpcStatusError) return fail(res, error);
    throw error;
  }
  forward(up, target, limits, res);
}

/**
 * One upstream exchange, streamed: the body is collected only up to `maxBytes` (beyond it the
 * upstream connection is cut and the client gets a 502), and the deadline covers the body too.
 * Nothing here blocks the event loop, so a slow or huge upstream delays no other request.
 */
function forward(up: Upstream, target: UpstreamRequest, limits: ProxyLimits, res: ServerResponse): void {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (target.height !== null) headers['x-cosmos-block-height'] = target.height;
  const send = up.url.protocol === 'https:' ? httpsRequest : httpRequest;
  const outgoing = send({
    protocol: up.url.protocol,
    hostname: up.url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: up.url.port || undefined,
    method: 'GET',
    path: up.url.pathname.replace(/\/$/, '') + target.pathAndQuery,
    headers,
  });
  let settled = false;
  /** Ends the exchange once: stops the clock, cuts the upstream unless it finished, answers. */
  const settle = (respond: () => void, upstreamFinished = false) => {
    if (settled) return;
    settled = true;
    clearTimeout(deadline);
    if (!upstreamFinished) outgoing.destroy();
    respond();
  };
  const deadline = setTimeout(() => {
    const seconds = limits.deadlineMs / 1000;
    const error = new GrpcStatusError(GrpcCode.DeadlineExceeded, `upstream ${up.name} did not answer in ${seconds} s`);
    settle(() => fail(res, error, 504));
  }, limits.deadlineMs);
  // A client that leaves frees the upstream connection at once.
  res.on('close', () => settle(() => undefined));
  outgoing.on('error', () => settle(() => fail(res, badGateway(`upstream ${up.name} unreachable`), 502)));
  outgoing.on('response', (incoming) => {
    const refuse = (why: string) => settle(() => fail(res, badGateway(`upstream ${up.name} ${why}`), 502));
    const type = incoming.headers['content-type'];
    if (type === undefined || !JSON_TYPE.test(type)) {
      return refuse(type === undefined ? 'answered without a content type' : `answered ${type}, not JSON`);
    }
    const encoding = incoming.headers['content-encoding'];
    if (encoding !== undefined && encoding !== 'identity') return refuse(`answered in ${encoding} encoding`);
    const tooLarge = `answered more than ${limits.maxBytes} bytes`;
    if (Number(incoming.headers['content-length'] ?? 0) > limits.maxBytes) return refuse(tooLarge);
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBytes) return refuse(tooLarge);
      chunks.push(chunk);
    });
    incoming.on('error', () => refuse('broke off its answer'));
    incoming.on('end', () => {
      const passed: Record<string, string> = { 'Content-Type': 'application/json' };
      for (const header of HEIGHT_HEADERS) {
        const value = incoming.headers[header];
        if (typeof value === 'string' && /^\d{1,19}$/.test(value)) passed[header] = value;
      }
      settle(() => answer(res, incoming.statusCode ?? 502, passed, Buffer.concat(chunks)), true);
    });
  });
  outgoing.end();
}
