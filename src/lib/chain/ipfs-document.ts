// A document behind an ipfs:// link, read through the reader's gateway. Anyone may have written
// the link and the document, and the gateway may be slow or hostile: the read gives up after
// DOCUMENT_TIMEOUT_MS, stops at DOCUMENT_MAX_BYTES without holding more, follows no redirect (it
// could lead to another host), and sends no cookies or referrer.

export const DOCUMENT_MAX_BYTES = 256 * 1024;
export const DOCUMENT_TIMEOUT_MS = 10_000;

export type IpfsProblem = 'too-large' | 'status' | 'unreachable' | 'timeout' | 'redirect' | 'not-text';

/**
 * What reading the document gave. A failure is a value, not a thrown error: the app heals failed
 * chain reads by asking again and again in the background, which a gateway must not get.
 */
export type IpfsDocument = { ok: true; text: string } | { ok: false; problem: IpfsProblem; status?: number };

interface Limits {
  maxBytes: number;
  timeoutMs: number;
}

/** The body's bytes, or null as soon as they pass `max` (the rest is never downloaded). */
export async function readCapped(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Reads `url` (a gatewayUrl) as text; `signal` is the caller's (a page left) and is rethrown. */
export async function fetchIpfsDocument(
  url: string,
  signal?: AbortSignal,
  { maxBytes, timeoutMs }: Limits = { maxBytes: DOCUMENT_MAX_BYTES, timeoutMs: DOCUMENT_TIMEOUT_MS },
): Promise<IpfsDocument> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const stop = () => controller.abort();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      redirect: 'manual',
    });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
      return { ok: false, problem: 'redirect' };
    if (!response.ok) {
      response.body?.cancel().catch(() => undefined);
      return { ok: false, problem: 'status', status: response.status };
    }
    if (Number(response.headers.get('content-length')) > maxBytes) {
      response.body?.cancel().catch(() => undefined);
      return { ok: false, problem: 'too-large' };
    }
    const bytes = await readCapped(response.body, maxBytes);
    if (bytes === null) return { ok: false, problem: 'too-large' };
    // A NUL byte does not occur in text: an image or an archive, not something to print.
    if (bytes.includes(0)) return { ok: false, problem: 'not-text' };
    return { ok: true, text: new TextDecoder().decode(bytes) };
  } catch (error) {
    if (signal?.aborted) throw error;
    // A network failure and a CORS refusal look the same from a page: a TypeError and nothing else.
    return { ok: false, problem: timedOut ? 'timeout' : 'unreachable' };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}
