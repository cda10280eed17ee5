import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

import { upstreamListing, type ChainListing } from '../../../lib/chain-listing.ts';
import { notImplemented } from '../../../lib/grpc-status.ts';
import type { BlockSource, GenesisDocument } from '../../queries/block-source.ts';
import type { QueryService } from '../../queries/query-service.ts';
import { handleRpc } from '../../rpc/rpc-http.ts';
import { canonicalRedirect } from '../clean-path.ts';
import { handleApi } from '../handle-api.ts';
import { errorBody } from '../json/error-body.ts';
import {
  DEFAULT_PROXY_LIMITS,
  proxy,
  UPSTREAM_PREFIX,
  type ProxyLimits,
  type Upstream,
} from '../proxy/upstream-proxy.ts';
import {
  CompressionCache,
  isCompressible,
  MIN_COMPRESSED_BYTES,
  negotiateEncoding,
  varyOnEncoding,
} from './compression.ts';
import { SECURITY_HEADERS, serveStatic } from './static-files.ts';

export interface ServerOptions {
  queries: QueryService;
  /** The node's blocks, for the CometBFT RPC under /rpc/ (absent: no RPC). */
  blocks?: BlockSource;
  /** The chain's genesis document, for the RPC's /genesis (absent: the RPC has no /genesis). */
  genesis?: () => GenesisDocument;
  distDir?: string;
  upstreams?: Upstream[];
  /** Size cap and deadline of each proxied answer (defaults: 4 MiB, 15 s). */
  upstreamLimits?: Partial<ProxyLimits>;
  /** The chain's write health: API answers say `X-Polity-Durability: stalled` while it cannot log blocks. */
  durability?: { readonly durabilityStalled: boolean };
  /** Like a node's enabled-unsafe-cors: let pages on any origin read the API (and its height). */
  cors?: boolean;
  /**
   * APIs served beside the node's, asked in order before the proxy and the dashboard (the
   * archive's): each answers the paths it owns and returns null for any other.
   */
  mounts?: readonly MountedApi[];
  /** This server's own chain as /polity/config.json lists it first (absent: not listed). */
  localChain?: ChainListing;
}

/** A whole answer of an API mounted beside the node's. */
export interface MountedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The request's headers reach a mounted API too (the archive's feeds read Host and If-None-Match). */
export type MountedApi = (
  method: string,
  rawPath: string,
  rawQuery: string,
  headers: IncomingMessage['headers'],
) => Promise<MountedAnswer> | null;

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'X-Cosmos-Block-Height, Grpc-Metadata-X-Cosmos-Block-Height, X-Polity-As-Of, X-Polity-Read-From, ETag',
};

/** Shared by every server in the process: keyed by the exact body, so answers never mix. */
const answers = new CompressionCache();

/**
 * Answers with a whole body. JSON (and text) goes out brotli- or gzip-compressed when the request
 * accepts it and the body is large enough to gain; otherwise byte for byte as given. Either way
 * compressible answers say `Vary: Accept-Encoding`, and Content-Length counts the bytes sent.
 */
function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  const compressible = isCompressible(headers['Content-Type']);
  const coding =
    compressible && Buffer.byteLength(body) >= MIN_COMPRESSED_BYTES
      ? negotiateEncoding(res.req.headers['accept-encoding'])
      : null;
  const varied = compressible ? { ...headers, Vary: varyOnEncoding(headers.Vary) } : headers;
  if (status === 304) {
    // A 304 has no body, and a Content-Length on it would claim the size of the answer it stands for.
    res.writeHead(status, varied);
    res.end();
    return;
  }
  if (coding === null) {
    res.writeHead(status, { ...varied, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
    return;
  }
  // A strong ETag names the bytes as given: the compressed ones are another representation
  // (RFC 9110 §8.8.1), so it goes out weak, as If-None-Match compares anyway.
  const tagged = varied.ETag?.startsWith('"') ? { ...varied, ETag: `W/${varied.ETag}` } : varied;
  answers.compress(body, coding).then(
    (compressed) => {
      res.writeHead(status, { ...tagged, 'Content-Encoding': coding, 'Content-Length': compressed.length });
      res.end(compressed);
    },
    () => res.destroy(),
  );
}

const RPC_PREFIX = '/rpc/';

/** The blocks with the genesis beside them: the RPC reads both through one source. */
const withGenesis = (blocks: BlockSource, genesis: (() => GenesisDocument) | undefined): BlockSource =>
  genesis
    ? {
        chainId: blocks.chainId,
        blocks: blocks.blocks,
        params: blocks.params,
        genesis,
        ...(blocks.storesAt ? { storesAt: (height: bigint) => blocks.storesAt?.(height) } : {}),
      }
    : blocks;

/** The CometBFT RPC alone, as a node serves it on its own port (26657). */
export function createRpcServer(node: BlockSource, genesis?: () => GenesisDocument): Server {
  const blocks = withGenesis(node, genesis);
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    handleRpc(blocks, req, res, path, queryStart === -1 ? '' : url.slice(queryStart + 1)).catch(() => res.destroy());
  });
  server.keepAliveTimeout = 5000;
  return server;
}

/** The HTTP front: the Cosmos REST API, the upstream proxies and the built dashboard. */
export function createPolityServer(opts: ServerOptions): Server {
  const upstreams = new Map((opts.upstreams ?? []).map((u) => [u.name, u]));
  const upstreamLimits = { ...DEFAULT_PROXY_LIMITS, ...opts.upstreamLimits };
  const rpcSource = opts.blocks && withGenesis(opts.blocks, opts.genesis);
  const durabilityHeader = (): Record<string, string> =>
    opts.durability?.durabilityStalled ? { 'X-Polity-Durability': 'stalled' } : {};
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
    const rawQuery = queryStart === -1 ? '' : url.slice(queryStart + 1);
    const method = req.method ?? 'GET';
    if (rawPath.startsWith('/cosmos/')) {
      const location = canonicalRedirect(rawPath, rawQuery);
      if (location !== null) return send(res, 301, { Location: location }, '');
      const heightHeader = req.headers['x-cosmos-block-height'] ?? req.headers['grpc-metadata-x-cosmos-block-height'];
      handleApi(
        opts.queries,
        method,
        rawPath,
        rawQuery,
        typeof heightHeader === 'string' ? heightHeader : undefined,
        opts.blocks,
      )
        .then((answer) => {
          const headers = { ...answer.headers, ...durabilityHeader() };
          send(res, answer.status, opts.cors ? { ...headers, ...CORS_HEADERS } : headers, answer.body);
        })
        .catch(() => res.destroy());
      return;
    }
    if (rpcSource && (rawPath === '/rpc' || rawPath.startsWith(RPC_PREFIX))) {
      handleRpc(rpcSource, req, res, rawPath.slice(RPC_PREFIX.length - 1), rawQuery).catch(() => res.destroy());
      return;
    }
    for (const mount of opts.mounts ?? []) {
      const answering = mount(method, rawPath, rawQuery, req.headers);
      if (answering === null) continue;
      answering
        .then((answer) =>
          send(res, answer.status, opts.cors ? { ...answer.headers, ...CORS_HEADERS } : answer.headers, answer.body),
        )
        .catch(() => res.destroy());
      return;
    }
    if (rawPath.startsWith(UPSTREAM_PREFIX)) {
      try {
        proxy(upstreams, upstreamLimits, req, res, rawPath, rawQuery);
      } catch {
        res.destroy();
      }
      return;
    }
    if (rawPath === '/polity/config.json' && method === 'GET') {
      const body = JSON.stringify({
        chains: [
          ...(opts.localChain ? [opts.localChain] : []),
          ...[...upstreams.values()].map((upstream) =>
            upstreamListing(
              upstream.name,
              `${UPSTREAM_PREFIX}${upstream.name}`,
              upstream.archived === true,
              upstream.chain?.(),
              upstream.said?.(),
            ),
          ),
        ],
        upstreams: [...upstreams.values()].map((upstream) => ({
          name: upstream.name,
          path: `${UPSTREAM_PREFIX}${upstream.name}`,
          ...(upstream.chain ? { chain: upstream.chain() } : {}),
        })),
      });
      return send(res, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' }, body);
    }
    if (method !== 'GET' && method !== 'HEAD') {
      const headers = { 'Content-Type': 'application/json', Allow: 'GET, HEAD', ...SECURITY_HEADERS };
      return send(res, 405, headers, errorBody(notImplemented()));
    }
    if (!opts.distDir) return send(res, 404, { 'Content-Type': 'text/plain' }, 'not found\n');
    serveStatic(opts.distDir, rawPath, res);
  };
  const server = createServer(handler);
  server.keepAliveTimeout = 5000;
  return server;
}
