import { checkAddress } from '../../lib/address.ts';
import { askedGroupFilter } from './group-filter-shape.ts';
import type { GroupFilter } from './queries.ts';

// Apart from the groups' queries, which every first page carries: the checksum library is loaded
// with the groups page (the route's loader goes by the address's shape: group-filter-shape.ts).

/** The groups list's filter from ?admin= or ?member=; null with the reason when the address is not valid. */
export function groupFilterFrom(search: URLSearchParams): { filter: GroupFilter | null; error: string | null } {
  const asked = askedGroupFilter(search);
  if (asked.by === 'all') return { filter: asked, error: null };
  const check = checkAddress(asked.value);
  return check.ok
    ? { filter: { by: asked.by, address: check.address }, error: null }
    : { filter: null, error: check.reason };
}
