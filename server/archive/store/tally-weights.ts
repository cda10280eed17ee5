import type { SqlExecutor } from './db/sql-database.ts';
import { column, type Table } from './table.ts';

// What a decided proposal was tallied against: its group's total weight and its policy's rule at
// the tally's height. The node keeps only today's group and policy, so a final tally read later
// would be drawn against the wrong pass line; the archive writes these once, in the batch where it
// first sees the proposal tallied (before that batch writes any membership change), and never
// for a proposal it found already decided.

export const PROPOSAL_TALLIES: Table = {
  name: 'proposal_tallies',
  columns: [column('proposal_id', 'numeric(20)'), column('total_weight', 'text'), column('decision_policy', 'text')],
  primaryKey: ['proposal_id'],
};

export async function recordTallyWeights(tx: SqlExecutor, proposalIds: readonly string[]): Promise<void> {
  if (proposalIds.length === 0) return;
  await tx.query(
    `INSERT INTO proposal_tallies (proposal_id, total_weight, decision_policy)
     SELECT p.id, g.total_weight, pol.decision_policy
     FROM proposals p JOIN groups g ON g.id = p.group_id JOIN policies pol ON pol.address = p.policy_address
     WHERE p.id = ANY($1::numeric[])
     ON CONFLICT (proposal_id) DO NOTHING`,
    [`{${proposalIds.join(',')}}`],
  );
}

/** The weights and rule a proposal was tallied with, when the archive saw the tally made. */
export async function readTallyWeights(
  db: SqlExecutor,
  proposalId: string,
): Promise<{ total_weight: string; decision_policy: unknown } | null> {
  const rows = await db.query<{ total_weight: string; decision_policy: string }>(
    'SELECT total_weight, decision_policy FROM proposal_tallies WHERE proposal_id = $1::numeric',
    [proposalId],
  );
  const row = rows[0];
  return row ? { total_weight: row.total_weight, decision_policy: JSON.parse(row.decision_policy) as unknown } : null;
}
