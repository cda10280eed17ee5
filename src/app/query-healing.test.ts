import { focusManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { NotFoundError, ServerError } from '../api/errors.ts';
import { healingDelay, healQueries } from './query-healing.ts';

let client: QueryClient;
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  focusManager.setFocused(true);
  client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  stop = healQueries(client);
});
afterEach(() => {
  stop();
  client.clear();
  focusManager.setFocused(undefined);
  vi.useRealTimers();
});

/** A query on screen whose endpoint fails `failures` times, then answers. */
function watch(failures: number, error: Error = new ServerError('group_info: HTTP 500', 'group_info', 500)) {
  let calls = 0;
  const answer = async () => {
    calls += 1;
    if (calls <= failures) throw error;
    return 'answer';
  };
  const observer = new QueryObserver(client, { queryKey: ['group', '1'], queryFn: answer });
  const statuses: string[] = [];
  const unsubscribe = observer.subscribe((result) => statuses.push(result.status));
  return { calls: () => calls, observer, unsubscribe, statuses };
}

describe('a page heals by itself', () => {
  it('asks again in the background with growing waits, and stops once an answer arrives', async () => {
    const page = watch(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(page.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(page.calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(5_800);
    expect(page.calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(page.calls()).toBe(3);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(page.calls()).toBe(4);
    expect(page.observer.getCurrentResult().data).toBe('answer');
    // Between attempts and during them the page shows the error, never a loading state again.
    expect(page.statuses.slice(page.statuses.indexOf('error'))).not.toContain('pending');
    await vi.advanceTimersByTimeAsync(600_000);
    expect(page.calls()).toBe(4);
    page.unsubscribe();
  });

  it('never waits more than a minute between attempts', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(healingDelay)).toEqual([
      3_000, 6_000, 12_000, 24_000, 48_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('leaves a not-found answer alone: asking again would not change it', async () => {
    const page = watch(99, new NotFoundError('not found', 'group_info', 404));
    await vi.advanceTimersByTimeAsync(300_000);
    expect(page.calls()).toBe(1);
    page.unsubscribe();
  });

  it('waits while the page is hidden and asks as soon as it is shown again', async () => {
    const page = watch(1);
    await vi.advanceTimersByTimeAsync(0);
    focusManager.setFocused(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(page.calls()).toBe(1);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.calls()).toBe(2);
    expect(page.observer.getCurrentResult().data).toBe('answer');
    page.unsubscribe();
  });

  it('asks nothing for a query no page shows any more', async () => {
    const page = watch(99);
    await vi.advanceTimersByTimeAsync(0);
    page.unsubscribe();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(page.calls()).toBe(1);
  });
});
