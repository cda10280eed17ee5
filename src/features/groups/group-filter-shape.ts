import { hasAddressShape } from '../../lib/chain/short-address.ts';
import type { GroupFilter } from './queries.ts';

/** The same filter as far as a loader can tell without the checksum (null: not worth a read). */
export function groupFilterShape(search: URLSearchParams): GroupFilter | null {
  for (const by of ['admin', 'member'] as const) {
    const value = search.get(by);
    if (value !== null) return hasAddressShape(value) ? { by, address: value.trim() } : null;
  }
  return { by: 'all' };
}
