import { nameOf } from '../../metadata-name.ts';
import type { NodePolicy } from '../../node-records.ts';
import type { SqlExecutor } from '../db/sql-database.ts';
import { insertRows } from '../table.ts';
import { POLICIES } from './policy-tables.ts';

// Policies as read at a height.

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
