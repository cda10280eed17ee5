import type { IncomingMessage, ServerResponse } from 'node:http';

import type { BlockSource } from '../queries/block-source.ts';
import { RawJson } from './rpc-json.ts';
import { invalidParams, RPC_METHODS, RpcError, type RpcParams } from './rpc-methods.ts';

// CometBFT's two ways in: URI requests (GET /block?height=5, strings in double quotes) answered
// with id -1, and JSON-RPC 2.0 over POST ({"method","params","id"}), whose id is echoed.

/** CometBFT v0.38's defaults (max_body_bytes, max_request_batch_size), refused in its words. */
export const MAX_BODY_BYTES = 1_000_000;
export const MAX_BATCH_REQUESTS = 10;

/**
 * The most a batch's answers may add up to before the rest are refused. Ten full pages of 100
 * blocks of this chain come to under 3 MB (of transactions, about 1 MB), so 16 MiB never stops a
 * real client, while a batch built to make the node assemble an answer it cannot hold is stopped.
 */
export const MAX_BATCH_ANSWER_BYTES = 16 * 1024 * 1024;

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

/** The envelope's JSON text; a result already written as JSON goes in as it is. */
function envelopeText(id: unknown, outcome: Outcome): string {
  if ('result' in outcome && outcome.result instanceof RawJson) {
    return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${outcome.result.text}}`;
  }
  return JSON.stringify(envelope(id, outcome));
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function respond(res: ServerResponse, id: unknown, outcome: Outcome): void {
  send(res, 'result' in outcome ? 200 : 500, envelopeText(id, outcome));
}

/**
 * A method's outcome. An error that is not the method's answer (a bug, a closed store) is the
 * Internal error of this request alone: it must not reset a connection other answers share.
 */
function call(source: BlockSource, method: string, params: () => RpcParams): Outcome {
  const run = RPC_METHODS.get(method);
  if (!run) return { error: new RpcError(-32601, 'Method not found', '') };
  try {
    return { result: run(source, params()) };
  } catch (error) {
    if (error instanceof RpcError) return { error };
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`RPC ${method} failed unexpectedly: ${reason}`);
    return { error: new RpcError(-32603, 'Internal error', reason) };
  }
}

/** The parts of a JSON-RPC request object; anything else (a number, null) has none. */
function partsOf(request: unknown): { method?: unknown; params?: unknown; id?: unknown } {
  return typeof request === 'object' && request !== null ? request : {};
}

/** One JSON-RPC request object, as its answer's JSON text and whether that is an error. */
function answer(source: BlockSource, request: unknown): { text: string; failed: boolean } {
  const { method, params, id } = partsOf(request);
  const outcome = call(source, typeof method === 'string' ? method : '', () => jsonParams(params));
  try {
    return { text: envelopeText(id ?? null, outcome), failed: 'error' in outcome };
  } catch (error) {
    // A result JSON cannot hold (a bigint left in it) is a bug of that method, and of that answer only.
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`RPC ${String(method)} answer cannot be written: ${reason}`);
    return {
      text: JSON.stringify(envelope(id ?? null, { error: new RpcError(-32603, 'Internal error', reason) })),
      failed: true,
    };
  }
}

const invalidRequest = (data: string) => new RpcError(-32600, 'Invalid Request', data);

/**
 * The answer to a batch: refused whole past MAX_BATCH_REQUESTS, as CometBFT does before running
 * any (one error object, not an array of one: its writeRPCResponseHTTP unwraps a lone response);
 * otherwise one answer per request, in order, those past `maxAnswerBytes` refused unrun.
 */
export function answerBatch(
  source: BlockSource,
  requests: readonly unknown[],
  maxAnswerBytes = MAX_BATCH_ANSWER_BYTES,
): { status: number; body: string } {
  if (requests.length === 0) {
    return { status: 500, body: JSON.stringify(envelope(null, { error: invalidRequest('empty batch') })) };
  }
  if (requests.length > MAX_BATCH_REQUESTS) {
    const refused = invalidRequest(`batch request exceeds maximum (${MAX_BATCH_REQUESTS}) allowed number of requests`);
    return { status: 200, body: JSON.stringify(envelope(null, { error: refused })) };
  }
  const texts: string[] = [];
  let bytes = 0;
  let full = false;
  for (const request of requests) {
    if (!full) {
      const { text } = answer(source, request);
      const size = Buffer.byteLength(text);
      // A first answer always goes out: a batch of one is no larger than the same request alone.
      if (texts.length === 0 || bytes + size <= maxAnswerBytes) {
        texts.push(text);
        bytes += size;
        continue;
      }
      full = true;
    }
    const refused = new RpcError(
      -32603,
      'Internal error',
      `batch answer exceeds maximum (${maxAnswerBytes}) bytes: send this request in a smaller batch`,
    );
    texts.push(JSON.stringify(envelope(partsOf(request).id ?? null, { error: refused })));
  }
  return { status: 200, body: `[${texts.join(',')}]` };
}

/**
 * The body, or null once it passes MAX_BODY_BYTES: reading stops there (a declared length past
 * it is refused before reading any), so a client cannot make the node hold more.
 */
function readBody(req: IncomingMessage): Promise<string | null> {
  if (Number(req.headers['content-length']) > MAX_BODY_BYTES) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off('data', onData);
      req.off('end', onEnd);
      req.pause();
      chunks.length = 0;
      resolve(null);
    };
    const onEnd = () => resolve(Buffer.concat(chunks).toString('utf8'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

/** CometBFT's answer to a body past the cap (http.MaxBytesReader's error), then the connection ends. */
function refuseBody(res: ServerResponse): void {
  const refused = invalidRequest('error reading request body: http: request body too large');
  // The unread rest of the body is still on its way: the connection cannot serve another request.
  send(res, 400, JSON.stringify(envelope(null, { error: refused })), { Connection: 'close' });
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
    if (body === null) return refuseBody(res);
    let request: unknown;
    try {
      request = JSON.parse(body);
    } catch {
      return respond(res, null, { error: new RpcError(-32700, 'Parse error', 'error unmarshaling request') });
    }
    // A batch (JSON-RPC 2.0, which CometBFT accepts): one array of answers, in request order.
    if (Array.isArray(request)) {
      const batch = answerBatch(source, request);
      return send(res, batch.status, batch.body);
    }
    const single = answer(source, request);
    return send(res, single.failed ? 500 : 200, single.text);
  }
  if (req.method !== 'GET') return respond(res, -1, { error: new RpcError(-32601, 'Method not found', '') });
  const method = path.replace(/^\/+/, '');
  respond(
    res,
    -1,
    call(source, method, () => uriParams(rawQuery)),
  );
}
