import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { BlockStamp } from './block-estimate.ts';
import { blockQueries, type RecentBlocks } from './block-times.ts';
import { useBlockPace } from './use-block-pace.ts';

/** `count` blocks `ms` apart. */
const stamps = (count: number, ms: number): BlockStamp[] =>
  Array.from({ length: count }, (_, index) => ({
    height: String(500 + index),
    time: new Date(Date.UTC(2026, 0, 1) + index * ms).toISOString(),
  }));

const recent = (ms: number): RecentBlocks => ({ source: 'rpc', stamps: stamps(20, ms) });

function paceWith(client: QueryClient, endpoint: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBlockPace(endpoint), { wrapper }).result.current;
}

afterEach(() => vi.unstubAllGlobals());

describe('the block pace of live views', () => {
  it('is seeded from block times a page has measured, kept between 1 s and 15 s', () => {
    const client = new QueryClient();
    client.setQueryData(blockQueries.recentTimes('http://a.test').queryKey, recent(2000));
    client.setQueryData(blockQueries.recentTimes('http://b.test').queryKey, recent(500));
    expect(paceWith(client, 'http://a.test')).toBe(2000);
    expect(paceWith(client, 'http://b.test')).toBe(1000);
  });

  it('asks for nothing itself, and assumes 5 s until it knows better', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(paceWith(new QueryClient(), 'http://c.test')).toBe(5000);
    expect(fetch).not.toHaveBeenCalled();
  });
});
