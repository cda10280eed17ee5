// A query that polls stands still while it is failing: the background healing in
// app/query-healing.ts asks again, with backoff. Polling at full pace against a failing
// endpoint would be a retry storm of its own.

interface QueryState {
  state: { status: 'pending' | 'error' | 'success' };
}

export const isFailing = (query: QueryState) => query.state.status === 'error';

/** A `refetchInterval` of `ms` while the query's last fetch succeeded, none while it fails. */
export const pollWhileHealthy =
  (ms: number | false) =>
  (query: QueryState): number | false =>
    isFailing(query) ? false : ms;

/** Pages whose data changes without the reader doing anything (counts, plans, a group's weight) read it again this often. */
export const PAGE_REFRESH_MS = 30_000;
