import { focusManager, type Query, type QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';

import { isApiError } from '../api/errors.ts';

// A query's own retries cover a blip (two, a few seconds apart). After that, a page whose
// endpoint failed would show its error forever: this asks again in the background, ever more
// slowly (capped at a minute), while someone looks at the page, and stops the moment an answer
// arrives. Polling queries stand still while failing (see api/polling.ts), so this is the only
// pace at which a failing endpoint is asked: no storm, and the page heals by itself.

export const HEALING_CAP_MS = 60_000;

/** The key under which background attempts for a query with no data run, beside the query. */
const PROBE = 'polity-healing-attempt';

/** The wait before background attempt `failures` (1, 2, …): 3 s, 6 s, 12 s … up to a minute. */
export function healingDelay(failures: number): number {
  return Math.min(HEALING_CAP_MS, 3_000 * 2 ** Math.max(0, failures - 1));
}

/** Answers that asking again will not change (the id does not exist, the input is refused). */
function isFinalAnswer(error: unknown): boolean {
  return (
    isApiError(error) && (error.kind === 'not-found' || error.kind === 'bad-request' || error.kind === 'unsupported')
  );
}

export function healQueries(client: QueryClient, delay: (failures: number) => number = healingDelay): () => void {
  const cache = client.getQueryCache();
  const failures = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Failing queries whose next attempt fell due while the page was hidden. */
  const due = new Set<string>();

  const forget = (hash: string) => {
    clearTimeout(timers.get(hash));
    timers.delete(hash);
    failures.delete(hash);
    due.delete(hash);
  };
  /** The query itself reads again (a fetch already under way is joined, not restarted). */
  const readAgain = (query: Query) =>
    void client.refetchQueries({ queryKey: query.queryKey, exact: true, type: 'active' }, { cancelRefetch: false });
  const attempt = (query: Query) => {
    if (query.state.fetchStatus === 'fetching' || !query.isActive()) return;
    if (query.state.data !== undefined) {
      // Data stays on screen (marked stale) while it is read again.
      readAgain(query);
      return;
    }
    // A query with no data would turn back into a loading skeleton for every attempt, hiding the
    // error it shows: the attempt is made aside, once, and only an answer replaces the error.
    void probe(query).then(
      (data) => {
        // The page may have read it meanwhile (a retry press): newer data stays.
        if (query.state.data === undefined) client.setQueryData(query.queryKey, data);
      },
      (error: unknown) => {
        // A final answer (not found, refused) is the query's own to show: it asks once more itself.
        if (isFinalAnswer(error)) {
          forget(query.queryHash);
          readAgain(query);
          return;
        }
        failures.set(query.queryHash, (failures.get(query.queryHash) ?? 0) + 1);
        schedule(query);
      },
    );
  };
  const probe = (query: Query): Promise<unknown> => {
    const { queryFn } = query.options;
    if (typeof queryFn !== 'function') return Promise.reject(new Error('no query function'));
    const aside = { queryKey: [PROBE, query.queryHash], retry: false, gcTime: 0 } as const;
    const infinite = query.options as { initialPageParam?: unknown; getNextPageParam?: (...args: never[]) => unknown };
    if (infinite.getNextPageParam !== undefined) {
      // The cache holds queries with their page parameter's type erased; this one takes its first page's.
      const firstPage = queryFn as unknown as QueryFunction<unknown, QueryKey, unknown>;
      return client.fetchInfiniteQuery<unknown, Error, unknown, QueryKey, unknown>({
        ...aside,
        queryFn: firstPage,
        initialPageParam: infinite.initialPageParam,
        getNextPageParam: () => undefined,
      });
    }
    return client.fetchQuery({ ...aside, queryFn });
  };
  const schedule = (query: Query) => {
    const hash = query.queryHash;
    clearTimeout(timers.get(hash));
    const wait = delay(failures.get(hash) ?? 1);
    timers.set(
      hash,
      setTimeout(() => {
        timers.delete(hash);
        if (focusManager.isFocused()) attempt(query);
        else due.add(hash);
      }, wait),
    );
  };

  const stopCache = cache.subscribe((event) => {
    const { query } = event;
    if (query.queryKey[0] === PROBE) return;
    const hash = query.queryHash;
    if (event.type === 'removed') return forget(hash);
    if (event.type === 'observerAdded' && query.state.status === 'error' && failures.has(hash) && !timers.has(hash))
      return schedule(query);
    if (event.type !== 'updated') return;
    if (event.action.type === 'success') return forget(hash);
    if (event.action.type !== 'error') return;
    if (isFinalAnswer(event.action.error)) return forget(hash);
    failures.set(hash, (failures.get(hash) ?? 0) + 1);
    schedule(query);
  });
  const stopFocus = focusManager.subscribe((focused) => {
    if (!focused) return;
    for (const hash of due) {
      const query = cache.get(hash);
      if (query) attempt(query);
    }
    due.clear();
  });
  return () => {
    stopCache();
    stopFocus();
    for (const hash of [...timers.keys()]) forget(hash);
  };
}
