import { hasAddressShape } from '../../lib/short-address.ts';
import type { GroupFilter } from './queries.ts';

/** Which filter the URL asks for (?admin= or ?member=, the first given), its address unchecked. */
export function askedGroupFilter(search: URLSearchParams): { by: 'admin' | 'member'; value: string } | { by: 'all' } {
  for (const by of ['admin', 'member'] as const) {
    const value = search.get(by);
    if (value !== null) return { by, value };
  }
  return { by: 'all' };
}

/** The same filter as far as a loader can tell without the checksum (null: not worth a read). */
export function groupFilterShape(search: URLSearchParams): GroupFilter | null {
  const asked = askedGroupFilter(search);
  if (asked.by === 'all') return asked;
  return hasAddressShape(asked.value) ? { by: asked.by, address: asked.value.trim() } : null;
}
