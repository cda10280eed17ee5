import { createHash } from 'node:crypto';

import { httpGet } from '../http-get.ts';

// A node's genesis document, from its CometBFT RPC: `/genesis` whole, or — when the node says it
// is too large for that (CometBFT sends it whole only below 16 MiB) — `/genesis_chunked`, chunk by
// chunk, put together and read as one. Either way bounded: a genesis past MAX_GENESIS_BYTES is
// refused with its size named rather than read.

/** CometBFT serves `/genesis` whole only below 16 MB; the bound leaves room for a chain's hand-made one. */
export const MAX_GENESIS_BYTES = 128 * 1024 * 1024;

interface RpcBody<T> {
  result?: T;
  error?: { code: number; message: string; data?: string };
}

/** The node has no genesis to give (no such method, 404): not an error to retry. */
export class NoGenesisError extends Error {}

const rpcUrl = (rpc: string, method: string, query = '') => `${rpc.replace(/\/$/, '')}/${method}${query}`;
const saysChunked = (error: { message: string; data?: string }) =>
  /genesis_chunked|too large/i.test(`${error.message} ${error.data ?? ''}`);

async function getRpc<T>(url: string, timeoutMs: number, maxBytes: number): Promise<RpcBody<T> | null> {
  const answer = await httpGet(url, { accept: 'application/json' }, timeoutMs, maxBytes);
  if (answer.status === 404) return null;
  try {
    return JSON.parse(answer.text) as RpcBody<T>;
  } catch {
    throw new Error(`${url} answered ${answer.status} with something that is not JSON`);
  }
}

/** The genesis in chunks (each base64 of a piece of the document's bytes); null when not served. */
async function chunkedGenesisBytes(rpc: string, timeoutMs: number): Promise<Buffer | null> {
  const pieces: Uint8Array[] = [];
  let bytes = 0;
  for (let chunk = 0, total = 1; chunk < total; chunk += 1) {
    const body = await getRpc<{ chunk: string; total: string; data: string }>(
      rpcUrl(rpc, 'genesis_chunked', `?chunk=${chunk}`),
      timeoutMs,
      32 * 1024 * 1024,
    );
    // Not served, or — CometBFT's words — a node that keeps no chunks of it.
    if (
      body === null ||
      body.error?.code === -32601 ||
      /no chunks/i.test(body.error?.data ?? body.error?.message ?? '')
    )
      return null;
    if (!body.result) throw new Error(`genesis_chunked ${chunk}: ${body.error?.message ?? 'no answer'}`);
    const said = Number(body.result.total);
    if (!Number.isSafeInteger(said) || said < 1 || said > 10_000 || (chunk > 0 && said !== total))
      throw new Error(`genesis_chunked says ${body.result.total} chunks`);
    total = said;
    const piece = Buffer.from(body.result.data, 'base64');
    bytes += piece.length;
    if (bytes > MAX_GENESIS_BYTES)
      throw new Error(`the genesis is larger than ${MAX_GENESIS_BYTES / 1024 / 1024} MiB: it is not read`);
    pieces.push(piece);
  }
  return Buffer.concat(pieces);
}

/**
 * The genesis document (`genesis` of `/genesis`'s result), parsed; null when the node serves none.
 * Throws on anything else, with the node's words.
 */
export async function readGenesisDocument<T>(rpc: string, timeoutMs: number): Promise<T | null> {
  const body = await getRpc<{ genesis?: T }>(rpcUrl(rpc, 'genesis'), timeoutMs, MAX_GENESIS_BYTES);
  if (body === null) return null;
  if (body.error) {
    if (body.error.code === -32601) return null;
    if (saysChunked(body.error)) {
      const bytes = await chunkedGenesisBytes(rpc, timeoutMs);
      return bytes === null ? null : (JSON.parse(bytes.toString('utf8')) as T);
    }
    throw new Error(`/genesis: ${body.error.message}${body.error.data ? `: ${body.error.data}` : ''}`);
  }
  if (!body.result?.genesis) throw new Error('/genesis answered without a genesis');
  return body.result.genesis;
}

/**
 * The genesis and the SHA-256 of its bytes as CometBFT serves them in chunks (its own encoding of
 * the document, the same from every node of the chain); a node that serves no chunks gives the
 * document whole and no hash. Null when the node serves no genesis.
 */
export async function readGenesisWithHash<T>(
  rpc: string,
  timeoutMs: number,
): Promise<{ document: T; sha256: string | null } | null> {
  const bytes = await chunkedGenesisBytes(rpc, timeoutMs);
  if (bytes !== null)
    return {
      document: JSON.parse(bytes.toString('utf8')) as T,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  const document = await readGenesisDocument<T>(rpc, timeoutMs);
  return document === null ? null : { document, sha256: null };
}
