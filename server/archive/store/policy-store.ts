import type { NodePolicy } from '../source/rest-reader.ts';
import type { SqlExecutor } from './db/sql-database.ts';
import { nameOf } from './metadata-name.ts';
import { column, insertRows, type Table } from './table.ts';

// Group policies as last read.

export const POLICIES: Table = {
  name: 'policies',
  columns: [
    column('address', 'text'),
    column('group_id', 'numeric(20)'),
    column('admin', 'text'),
    column('metadata', 'text'),
    column('name', 'text'),
    column('version', 'numeric(20)'),
    column('decision_policy', 'text'),
    column('created_at', 'text'),
    column('updated_height', 'numeric(20)'),
  ],
  primaryKey: ['address'],
  indexes: [
    'CREATE INDEX policies_by_group ON policies (group_id)',
    'CREATE INDEX policies_name ON policies (lower(name))',
  ],
};

/** Stores policies as read at `height`; a read older than what the archive holds changes nothing. */
export async function writePolicies(tx: SqlExecutor, policies: readonly NodePolicy[], height: bigint): Promise<void> {
  // One statement cannot update a row twice: a policy read twice keeps its last read.
  const latest = new Map(policies.map((policy) => [policy.address, policy]));
  await insertRows(
    tx,
    POLICIES,
    [...latest.values()].map((policy) => [
      policy.address,
      policy.group_id,
      policy.admin,
      policy.metadata,
      nameOf(policy.metadata),
      policy.version,
      JSON.stringify(policy.decision_policy),
      policy.created_at,
      String(height),
    ]),
    {
      conflict: `ON CONFLICT (address) DO UPDATE SET admin = excluded.admin, metadata = excluded.metadata,
        name = excluded.name, version = excluded.version, decision_policy = excluded.decision_policy,
        updated_height = excluded.updated_height
        WHERE policies.updated_height <= excluded.updated_height`,
    },
  );
}

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
