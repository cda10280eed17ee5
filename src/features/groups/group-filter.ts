import { checkAddress } from '../../lib/chain/address.ts';
import type { GroupFilter } from './queries.ts';

// Apart from the groups' queries, which every first page carries: the checksum library is loaded
// with the groups page (the route's loader goes by the address's shape: group-filter-shape.ts).

/** The groups list's filter from ?admin= or ?member=; null with the reason when the address is not valid. */
export function groupFilterFrom(search: URLSearchParams): { filter: GroupFilter | null; error: string | null } {
  for (const by of ['admin', 'member'] as const) {
    const value = search.get(by);
    if (value !== null) {
      const check = checkAddress(value);
      return check.ok ? { filter: { by, address: check.address }, error: null } : { filter: null, error: check.reason };
    }
  }
  return { filter: { by: 'all' }, error: null };
}
