import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { getJson } from './client.ts';
import { latestHeight, reportHeight, subscribeToHeights } from './latest-height.ts';

describe('the latest height store', () => {
  it('keeps the highest height per endpoint and tells subscribers only when it rises', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToHeights(listener);
    reportHeight('https://a.example', '100');
    reportHeight('https://a.example', '99');
    reportHeight('https://a.example', '100');
    reportHeight('https://b.example', '5');
    expect(latestHeight('https://a.example')).toBe('100');
    expect(latestHeight('https://b.example')).toBe('5');
    expect(latestHeight('https://c.example')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    // Heights beyond 2^53 compare exactly.
    reportHeight('https://a.example', '9007199254740993');
    expect(latestHeight('https://a.example')).toBe('9007199254740993');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

// An archive read from replicas says the height each answer is as of; this tab asks every later
// archive read of that server for at least the highest it saw, so it never shows an older state.

const answer = (asOf: string | null) =>
  new Response('{}', { status: 200, headers: asOf === null ? {} : { 'X-Polity-As-Of': asOf } });

describe('monotonic archive reads', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the archive for at least the highest height it answered as of, never a node or another origin', async () => {
    const fetched = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
    vi.stubGlobal('fetch', fetched);
    fetched.mockResolvedValueOnce(answer('9007199254740993'));
    await getJson('/upstream/as-of', '/polity/archive/v1/proposals', v.object({}));
    fetched.mockResolvedValueOnce(answer('120'));
    await getJson('/upstream/as-of', '/polity/archive/v1/status', v.object({}));
    expect(fetched.mock.calls[1][1].headers).toMatchObject({ 'x-polity-at-least': '9007199254740993' });
    // A lower height later does not lower what is asked.
    fetched.mockResolvedValueOnce(answer(null));
    await getJson('/upstream/as-of', '/polity/archive/v1/votes', v.object({}));
    expect(fetched.mock.calls[2][1].headers).toMatchObject({ 'x-polity-at-least': '9007199254740993' });
    // The node's own API is not the archive's.
    fetched.mockResolvedValueOnce(answer(null));
    await getJson('/upstream/as-of', '/cosmos/group/v1/groups', v.object({}));
    expect(fetched.mock.calls[3][1].headers).not.toHaveProperty('x-polity-at-least');
    // Another origin would need a preflight its server may not answer.
    fetched.mockResolvedValueOnce(answer('7'));
    await getJson('https://archive.example', '/polity/archive/v1/proposals', v.object({}));
    fetched.mockResolvedValueOnce(answer(null));
    await getJson('https://archive.example', '/polity/archive/v1/proposals', v.object({}));
    expect(fetched.mock.calls[5][1].headers).not.toHaveProperty('x-polity-at-least');
  });
});
