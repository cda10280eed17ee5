import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';

// Two changes in a row (clear the search, then pick a sort) must both land. The router applies
// a search change only once the page's loaders have run, and hands each setter the query as it
// was at the last render, so the second change would be built on the old query and undo the
// first. Changes are therefore built on the last query asked for while the URL has not moved.
let asked: { path: string; from: string; search: URLSearchParams } | null = null;

/**
 * A piece of page state kept in the URL's query (?sort=weight), so a sorted or filtered list is a
 * link that survives a reload. Changing it replaces the history entry rather than adding one;
 * the default value is not written.
 */
export function useUrlState<V extends string>(
  key: string,
  fallback: V,
  allowed?: readonly V[],
): [V, (value: V) => void] {
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  useEffect(() => {
    // The URL moved (the change landed, or the reader went back): build on the URL again.
    if (asked && asked.from !== search.toString()) asked = null;
  }, [search]);
  const raw = search.get(key);
  const value =
    raw !== null && (allowed === undefined || (allowed as readonly string[]).includes(raw)) ? (raw as V) : fallback;
  const set = useCallback(
    (next: V) =>
      setSearch(
        (previous) => {
          // The URL has not moved since the last change was asked for: build on that change.
          const from = previous.toString();
          const pending = asked?.path === pathname && asked.from === from ? asked.search : previous;
          const params = new URLSearchParams(pending);
          if (next === fallback || next === '') params.delete(key);
          else params.set(key, next);
          asked = { path: pathname, from, search: params };
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [key, fallback, setSearch, pathname],
  );
  return [value, set];
}
