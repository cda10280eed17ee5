import type { Row, SqlExecutor } from '../db/sql-database.ts';
import { keysetPage, type KeysetPage, type PageParams } from '../keyset-page.ts';

// What the follower reads back of a policy (its group, its rules), and a group's or an admin's
// policies for the API.

/** The group a policy belongs to (policies never move), or null for a policy the archive never saw. */
export async function readPolicyGroup(db: SqlExecutor, address: string): Promise<string | null> {
  const rows = await db.query<{ group_id: string }>(
    'SELECT group_id::text AS group_id FROM policies WHERE address = $1',
    [address],
  );
  return rows[0]?.group_id ?? null;
}

/** A policy's decision policy (the node's JSON) and version, as last read. */
export async function readPolicyRules(
  db: SqlExecutor,
  address: string,
): Promise<{ decisionPolicy: Record<string, unknown>; version: string } | null> {
  const rows = await db.query<{ decision_policy: string; version: string }>(
    'SELECT decision_policy, version::text AS version FROM policies WHERE address = $1',
    [address],
  );
  if (!rows[0]) return null;
  return { decisionPolicy: JSON.parse(rows[0].decision_policy) as Record<string, unknown>, version: rows[0].version };
}

export interface PolicyRow {
  address: string;
  group_id: string;
  admin: string;
  metadata: string;
  version: string;
  decision_policy: string;
  created_at: string;
  [column: string]: unknown;
}

const POLICY_COLUMNS = `address, group_id::text AS group_id, admin, metadata, version::text AS version, decision_policy,
  created_at`;

/** A group's policies as last read, by address. */
export async function readGroupPolicies(db: SqlExecutor, groupId: string): Promise<PolicyRow[]> {
  return db.query<PolicyRow>(`SELECT ${POLICY_COLUMNS} FROM policies WHERE group_id = $1::numeric ORDER BY address`, [
    groupId,
  ]);
}

/** One policy as last read, or null for one the archive never saw. */
export async function readPolicy(db: SqlExecutor, address: string): Promise<PolicyRow | null> {
  const rows = await db.query<PolicyRow>(`SELECT ${POLICY_COLUMNS} FROM policies WHERE address = $1`, [address]);
  return rows[0] ?? null;
}

/**
 * A lowercase bech32 address as text that sorts, byte by byte, as the bytes it encodes: each
 * character of the bech32 alphabet (value 0 to 31) becomes the value's place in an ascending
 * alphabet. Five-bit groups packed big-endian compare as the bytes they hold, so addresses with
 * the same prefix and length sort as the node's store keys do; the prefix, changed alike in
 * every row, does not reorder them.
 */
const BYTE_ORDER = `translate(address, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l', '0123456789abcdefghijklmnopqrstuv') COLLATE "C"`;

/**
 * A page of the policies an address administers as last read, in the order of their address
 * bytes: the node's `group_policies_by_admin` walks its admin index, keyed by the policy address.
 */
export async function readPoliciesByAdmin(
  db: SqlExecutor,
  admin: string,
  page: PageParams,
): Promise<{ rows: PolicyRow[]; pagination: KeysetPage['pagination'] }> {
  const { rows, pagination } = await keysetPage(
    db,
    { sql: `SELECT ${POLICY_COLUMNS}, ${BYTE_ORDER} AS byte_order FROM policies WHERE admin = $1`, params: [admin] },
    { columns: [BYTE_ORDER], descending: false, keyOf: (row: Row) => [String(row.byte_order)] },
    page,
  );
  // The columns selected are a PolicyRow's, as readPolicy's query takes them to be.
  return { rows: rows as PolicyRow[], pagination };
}
