import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

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
  const raw = search.get(key);
  const value =
    raw !== null && (allowed === undefined || (allowed as readonly string[]).includes(raw)) ? (raw as V) : fallback;
  const set = useCallback(
    (next: V) =>
      setSearch(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next === fallback || next === '') params.delete(key);
          else params.set(key, next);
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [key, fallback, setSearch],
  );
  return [value, set];
}
