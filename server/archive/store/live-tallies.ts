import { OPEN_STATUS } from '../vocabulary.ts';
import type { SqlExecutor } from './db/sql-database.ts';
import { arrayLiteral } from './table.ts';

// The tally of open proposals as the chain would answer it now: each stored vote weighed by its
// voter's current weight in the group, members who left not counted (x/group's Tally does the
// same). Lists show it so a row can say "Yes 4 of 6 · 1 more needed" without a request per row.

export interface LiveTally {
  tally: { yes_count: string; abstain_count: string; no_count: string; no_with_veto_count: string };
  /** The group's total weight now. */
  total_weight: string;
  /** The policy's decision policy now (JSON as the node answers it), for the pass line. */
  decision_policy: unknown;
}

const FIELD: Record<string, keyof LiveTally['tally']> = {
  VOTE_OPTION_YES: 'yes_count',
  VOTE_OPTION_ABSTAIN: 'abstain_count',
  VOTE_OPTION_NO: 'no_count',
  VOTE_OPTION_NO_WITH_VETO: 'no_with_veto_count',
};

/** Live tallies of those of `ids` that are still open, by id. */
export async function readLiveTallies(db: SqlExecutor, ids: readonly string[]): Promise<Map<string, LiveTally>> {
  const live = new Map<string, LiveTally>();
  if (ids.length === 0) return live;
  const open = await db.query(
    `SELECT p.id::text AS id, g.total_weight, pol.decision_policy FROM proposals p
       JOIN groups g ON g.id = p.group_id JOIN policies pol ON pol.address = p.policy_address
      WHERE p.id = ANY($1::numeric[]) AND p.status = '${OPEN_STATUS}'`,
    [arrayLiteral(ids)],
  );
  for (const row of open)
    live.set(String(row.id), {
      tally: { yes_count: '0', abstain_count: '0', no_count: '0', no_with_veto_count: '0' },
      total_weight: String(row.total_weight),
      decision_policy: JSON.parse(String(row.decision_policy)) as unknown,
    });
  if (live.size === 0) return live;
  // Weights are decimal text in the group's table: summed as numeric, exactly.
  const sums = await db.query(
    `SELECT v.proposal_id::text AS id, v.option, sum(m.weight_value)::text AS weight
       FROM votes v JOIN proposals p ON p.id = v.proposal_id
       JOIN group_members m ON m.group_id = p.group_id AND m.address = v.voter
      WHERE v.proposal_id = ANY($1::numeric[])
      GROUP BY v.proposal_id, v.option`,
    [arrayLiteral([...live.keys()])],
  );
  for (const row of sums) {
    const entry = live.get(String(row.id));
    const field = FIELD[String(row.option)];
    if (entry && field) entry.tally[field] = normalizedDecimal(String(row.weight));
  }
  return live;
}

/** "4.000" → "4", "0.50" → "0.5": the node writes decimals without trailing zeros. */
function normalizedDecimal(text: string): string {
  if (!text.includes('.')) return text;
  const trimmed = text.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '' || trimmed === '-' ? '0' : trimmed;
}
