import type { SqlExecutor } from '../db/sql-database.ts';

// What the follower reads back of a policy: its group, its rules.

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
