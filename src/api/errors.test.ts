import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '../test/render.tsx';
import { getJson } from './client.ts';
import {
  BadRequestError,
  classifyHttpError,
  ContractError,
  NotFoundError,
  ServerError,
  shouldRetry,
  TimeoutError,
  UnreachableError,
  UnsupportedError,
} from './errors.ts';
import { responses } from './schemas.ts';

afterEach(() => vi.unstubAllGlobals());

describe('classifying error responses', () => {
  it('treats HTTP 500 code 2 "not found" as not found, the way real nodes send it', () => {
    const error = classifyHttpError('group_info', 500, {
      code: 2,
      message: 'codespace sdk code 38: not found: group',
      details: [],
    });
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.retryable).toBe(false);
  });
  it('treats bad addresses and key+offset (500 code 2) as bad requests', () => {
    for (const message of [
      'decoding bech32 failed: invalid checksum (expected abc got def)',
      "codespace sdk code 35: internal logic error: hrp does not match bech32 prefix: expected 'cosmos' got 'osmo'",
      'empty address string is not allowed',
      'invalid request, either offset or key is expected, got both',
    ]) {
      expect(classifyHttpError('x', 500, { code: 2, message, details: [] })).toBeInstanceOf(BadRequestError);
    }
  });
  it('maps 400, 501 and other 5xx', () => {
    expect(classifyHttpError('x', 400, { code: 3, message: 'type mismatch', details: [] })).toBeInstanceOf(
      BadRequestError,
    );
    expect(classifyHttpError('x', 501, { code: 12, message: 'Not Implemented', details: [] })).toBeInstanceOf(
      UnsupportedError,
    );
    expect(classifyHttpError('x', 500, { code: 13, message: 'panic', details: [] })).toBeInstanceOf(ServerError);
    expect(classifyHttpError('x', 502, null)).toBeInstanceOf(UnreachableError);
  });
  it('retries only what can succeed on retry, twice at most', () => {
    expect(shouldRetry(0, new ServerError('x', 'e'))).toBe(true);
    expect(shouldRetry(2, new ServerError('x', 'e'))).toBe(false);
    expect(shouldRetry(0, new NotFoundError('x', 'e'))).toBe(false);
    expect(shouldRetry(0, new ContractError('x', 'e'))).toBe(false);
    expect(shouldRetry(0, new Error('?'))).toBe(false);
  });
});

describe('getJson', () => {
  it('validates the body and names the endpoint and field on a mismatch', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ info: { id: 5 } })),
    );
    const err = await getJson('', '/cosmos/group/v1/group_info/5', responses.groupInfo).catch(
      (caught: unknown) => caught,
    );
    expect(err).toBeInstanceOf(ContractError);
    expect((err as Error).message).toMatch(/^group_info: unexpected response \(info\.id: /);
  });
  it('reports a network failure (or CORS refusal) as unreachable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(getJson('https://node.example', '/cosmos/group/v1/groups', responses.groups)).rejects.toBeInstanceOf(
      UnreachableError,
    );
  });
  it('times out with an AbortSignal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    await expect(getJson('', '/cosmos/group/v1/groups', responses.groups, { timeoutMs: 30 })).rejects.toBeInstanceOf(
      TimeoutError,
    );
  });
  it('reports a body that stops arriving as a timeout, and one that breaks off as a lost connection', async () => {
    const stalling = (breakOff: boolean) =>
      vi.fn(
        async (_url: string, init: RequestInit) =>
          new Response(
            new ReadableStream({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('{"groups":['));
                if (breakOff) controller.error(new TypeError('network error'));
                init.signal?.addEventListener('abort', () =>
                  controller.error(new DOMException('aborted', 'AbortError')),
                );
              },
            }),
            { status: 200 },
          ),
      );
    vi.stubGlobal('fetch', stalling(false));
    const stalled = await getJson('', '/cosmos/group/v1/groups', responses.groups, { timeoutMs: 30 }).catch(
      (caught: unknown) => caught,
    );
    expect(stalled).toBeInstanceOf(TimeoutError);
    expect((stalled as Error).message).toBe('groups: the answer did not finish arriving within 0 s');
    vi.stubGlobal('fetch', stalling(true));
    await expect(getJson('', '/cosmos/group/v1/groups', responses.groups)).rejects.toBeInstanceOf(UnreachableError);
  });
  it('says so when the answer is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    await expect(getJson('', '/cosmos/group/v1/groups', responses.groups)).rejects.toBeInstanceOf(ContractError);
  });
  it('returns parsed data and the block height header', async () => {
    const info = {
      id: '1',
      admin: 'cosmos1x',
      metadata: '',
      version: '1',
      total_weight: '2.50',
      created_at: '2025-05-01T10:00:00Z',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ info }, 200, { 'x-cosmos-block-height': '42' })),
    );
    await expect(getJson('', '/cosmos/group/v1/group_info/1', responses.groupInfo)).resolves.toEqual({
      data: { info },
      height: '42',
    });
  });
});
