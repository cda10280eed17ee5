import type { SqlExecutor } from '../db/sql-database.ts';

// Addresses found by their beginning, for the dashboard's search: voters, members, proposers and
// policies the archive has seen. Each table is read through an index in byte order
// (text_pattern_ops) with the range operators that index serves, so a prefix costs a short index
// walk whatever the database's collation, and every read stops at its LIMIT.

export type AddressRole = 'voter' | 'member' | 'proposer' | 'policy';

export interface FoundAddress {
  address: string;
  roles: AddressRole[];
  /** For a policy: its group and name (the name '' where its metadata names none). */
  policy: { group_id: string; name: string } | null;
}

/**
 * The first address after every one beginning with `prefix`, in byte order. Prefixes are
 * checked to be lowercase bech32 text before they come here, so the last character is never
 * the highest byte.
 */
export function prefixEnd(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

const SOURCES: { role: AddressRole; sql: string }[] = [
  { role: 'voter', sql: 'SELECT DISTINCT voter AS address FROM votes WHERE voter ~>=~ $1 AND voter ~<~ $2' },
  {
    role: 'member',
    sql: 'SELECT DISTINCT address FROM group_members WHERE address ~>=~ $1 AND address ~<~ $2',
  },
  {
    role: 'proposer',
    sql: 'SELECT DISTINCT proposer AS address FROM proposal_proposers WHERE proposer ~>=~ $1 AND proposer ~<~ $2',
  },
  { role: 'policy', sql: 'SELECT address FROM policies WHERE address ~>=~ $1 AND address ~<~ $2' },
];

/**
 * Up to `limit` addresses beginning with `prefix`, in byte order, each with what the archive
 * knows it as; `more` when there are others past them.
 */
export async function readAddressesByPrefix(
  db: SqlExecutor,
  prefix: string,
  limit: number,
): Promise<{ addresses: FoundAddress[]; more: boolean }> {
  const range = [prefix, prefixEnd(prefix), String(limit + 1)];
  const found = new Map<string, FoundAddress>();
  let more = false;
  for (const source of SOURCES) {
    // `~<~` orders as the index does (bytes), so LIMIT keeps the first addresses of each source.
    const rows = await db.query<{ address: string }>(`${source.sql} ORDER BY address USING ~<~ LIMIT $3`, range);
    if (rows.length > limit) more = true;
    for (const { address } of rows.slice(0, limit)) {
      const entry = found.get(address) ?? { address, roles: [], policy: null };
      entry.roles.push(source.role);
      found.set(address, entry);
    }
  }
  const addresses = [...found.values()].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  if (addresses.length > limit) more = true;
  const shown = addresses.slice(0, limit);
  const policies = shown.filter((entry) => entry.roles.includes('policy')).map((entry) => entry.address);
  if (policies.length > 0) {
    const rows = await db.query<{ address: string; group_id: string; name: string }>(
      'SELECT address, group_id::text AS group_id, name FROM policies WHERE address = ANY($1::text[])',
      // An array literal: the addresses are bech32 text, nothing in them needs quoting.
      [`{${policies.join(',')}}`],
    );
    for (const row of rows) {
      const entry = found.get(row.address);
      if (entry) entry.policy = { group_id: row.group_id, name: row.name };
    }
  }
  return { addresses: shown, more };
}
