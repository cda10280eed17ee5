import { afterEach, describe, expect, it, vi } from 'vitest';

import { fetchIpfsDocument, readCapped } from './ipfs-document.ts';

const URL_ = 'https://gateway.example/ipfs/bafy';
const encoder = new TextEncoder();

/** A body sent in chunks, counting how many the reader pulled (a cap must stop pulling). */
function chunked(chunks: Uint8Array[]) {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[pulled++];
      if (next) controller.enqueue(next);
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}

function stubFetch(answer: (init?: RequestInit) => Promise<Response> | Response) {
  const fetch = vi.fn((_url: string, init?: RequestInit) => Promise.resolve(answer(init)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('reading a body with a size cap', () => {
  it('returns the whole body when it fits', async () => {
    const body = chunked([encoder.encode('{"name":'), encoder.encode('"x"}')]);
    expect(new TextDecoder().decode((await readCapped(body.stream, 100)) ?? undefined)).toBe('{"name":"x"}');
  });

  it('stops reading as soon as the cap is passed, and cancels the rest', async () => {
    const kB = new Uint8Array(1024).fill(65);
    const body = chunked(Array.from({ length: 1000 }, () => kB));
    expect(await readCapped(body.stream, 4 * 1024)).toBeNull();
    expect(body.pulled()).toBeLessThanOrEqual(6);
    expect(body.cancelled()).toBe(true);
  });
});

describe('fetching a document through the gateway', () => {
  it('reads the text, sending no cookies, no referrer and following no redirect', async () => {
    const fetch = stubFetch(() => new Response('{"name":"Stewards"}', { status: 200 }));
    expect(await fetchIpfsDocument(URL_)).toEqual({ ok: true, text: '{"name":"Stewards"}' });
    expect(fetch).toHaveBeenCalledWith(
      URL_,
      expect.objectContaining({ credentials: 'omit', referrerPolicy: 'no-referrer', redirect: 'manual' }),
    );
  });

  it('refuses a document over the cap, by its length or by what arrives', async () => {
    const limits = { maxBytes: 1024, timeoutMs: 10_000 };
    stubFetch(() => new Response('x'.repeat(10), { headers: { 'content-length': '999999' } }));
    expect(await fetchIpfsDocument(URL_, undefined, limits)).toEqual({ ok: false, problem: 'too-large' });
    const body = chunked(Array.from({ length: 100 }, () => new Uint8Array(512).fill(66)));
    stubFetch(() => new Response(body.stream));
    expect(await fetchIpfsDocument(URL_, undefined, limits)).toEqual({ ok: false, problem: 'too-large' });
    expect(body.pulled()).toBeLessThan(10);
  });

  it('says what the gateway answered instead of throwing', async () => {
    stubFetch(() => new Response('not here', { status: 404 }));
    expect(await fetchIpfsDocument(URL_)).toEqual({ ok: false, problem: 'status', status: 404 });
    stubFetch(() => new Response('boom', { status: 500 }));
    expect(await fetchIpfsDocument(URL_)).toEqual({ ok: false, problem: 'status', status: 500 });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchIpfsDocument(URL_)).toEqual({ ok: false, problem: 'unreachable' });
    stubFetch(() => new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/' } }));
    expect(await fetchIpfsDocument(URL_)).toEqual({ ok: false, problem: 'redirect' });
    stubFetch(() => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13])));
    expect(await fetchIpfsDocument(URL_)).toEqual({ ok: false, problem: 'not-text' });
  });

  it('gives up on a gateway that does not answer in time', async () => {
    vi.useFakeTimers();
    stubFetch(
      (init) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const read = fetchIpfsDocument(URL_);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await read).toEqual({ ok: false, problem: 'timeout' });
  });

  it('leaves a read the page abandoned to the caller', async () => {
    stubFetch(
      (init) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const left = new AbortController();
    const read = fetchIpfsDocument(URL_, left.signal);
    left.abort();
    await expect(read).rejects.toThrow('aborted');
  });
});
