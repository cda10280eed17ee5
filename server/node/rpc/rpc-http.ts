import type { IncomingMessage, ServerResponse } from 'node:http';

import type { BlockSource } from '../queries/block-source.ts';
import { invalidParams, RPC_METHODS, RpcError, type RpcParams } from './rpc-methods.ts';

// CometBFT's two ways in: URI requests (GET /block?height=5, strings in double quotes) answered
// with id -1, and JSON-RPC 2.0 over POST ({"method","params","id"}), whose id is echoed.

const MAX_BODY = 1 << 20;

/** A URI parameter: `"text"` (quoted) or a bare number, as CometBFT's http_uri_handler reads them. */
function uriParams(rawQuery: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(rawQuery)) {
    params.set(name, value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value);
  }
  return params;
}

function jsonParams(value: unknown): Map<string, string> {
  const params = new Map<string, string>();
  if (value === undefined || value === null) return params;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('params must be an object');
  for (const [name, item] of Object.entries(value)) {
    if (item === null || item === undefined) continue;
    if (typeof item === 'object') throw invalidParams(`invalid ${name}`);
    params.set(name, String(item));
  }
  return params;
}

type Outcome = { result: unknown } | { error: RpcError };

function envelope(id: unknown, outcome: Outcome) {
  return 'result' in outcome
    ? { jsonrpc: '2.0', id, result: outcome.result }
    : {
        jsonrpc: '2.0',
        id,
        error: { code: outcome.error.code, message: outcome.error.title, data: outcome.error.data },
      };
}

function send(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function respond(res: ServerResponse, id: unknown, outcome: Outcome): void {
  send(res, 'result' in outcome ? 200 : 500, envelope(id, outcome));
}

/** One JSON-RPC request object, as a response envelope. */
function answer(source: BlockSource, request: unknown) {
  const { method, params, id } = (typeof request === 'object' && request !== null ? request : {}) as {
    method?: unknown;
    params?: unknown;
    id?: unknown;
  };
  try {
    return envelope(id ?? null, call(source, typeof method === 'string' ? method : '', jsonParams(params)));
  } catch (error) {
    if (error instanceof RpcError) return envelope(id ?? null, { error });
    throw error;
  }
}

function call(source: BlockSource, method: string, params: RpcParams): { result: unknown } | { error: RpcError } {
  const run = RPC_METHODS.get(method);
  if (!run) return { error: new RpcError(-32601, 'Method not found', '') };
  try {
    return { result: run(source, params) };
  } catch (error) {
    if (error instanceof RpcError) return { error };
    throw error;
  }
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Answers one RPC request; `path` is the method's path (`/status`), without any mount prefix. */
export async function handleRpc(
  source: BlockSource,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  rawQuery: string,
): Promise<void> {
  if (req.method === 'POST') {
    const body = await readBody(req);
    let request: unknown;
    try {
      if (body === null) throw new Error('too large');
      request = JSON.parse(body);
    } catch {
      return respond(res, null, { error: new RpcError(-32700, 'Parse error', 'error unmarshaling request') });
    }
    // A batch (JSON-RPC 2.0, which CometBFT accepts): one array of answers, in request order.
    if (Array.isArray(request)) {
      if (request.length === 0)
        return respond(res, null, { error: new RpcError(-32600, 'Invalid Request', 'empty batch') });
      return send(
        res,
        200,
        request.map((item) => answer(source, item)),
      );
    }
    const single = answer(source, request);
    return send(res, 'error' in single ? 500 : 200, single);
  }
  if (req.method !== 'GET') return respond(res, -1, { error: new RpcError(-32601, 'Method not found', '') });
  const method = path.replace(/^\/+/, '');
  respond(res, -1, call(source, method, uriParams(rawQuery)));
}
