import type { SqlExecutor } from '../db/sql-database.ts';

// What the follower reads back of a policy (its group, its rules), and a group's policies for the API.

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

/** A group's policies as last read, by address. */
export async function readGroupPolicies(db: SqlExecutor, groupId: string): Promise<PolicyRow[]> {
  return db.query<PolicyRow>(
    `SELECT address, group_id::text AS group_id, admin, metadata, version::text AS version, decision_policy, created_at
     FROM policies WHERE group_id = $1::numeric ORDER BY address`,
    [groupId],
  );
}

/** One policy as last read, or null for one the archive never saw. */
export async function readPolicy(db: SqlExecutor, address: string): Promise<PolicyRow | null> {
  const rows = await db.query<PolicyRow>(
    `SELECT address, group_id::text AS group_id, admin, metadata, version::text AS version, decision_policy, created_at
     FROM policies WHERE address = $1`,
    [address],
  );
  return rows[0] ?? null;
}
