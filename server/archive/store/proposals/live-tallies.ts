import { OPEN_STATUS } from '../../vocabulary.ts';
import type { SqlExecutor } from '../db/sql-database.ts';
import { arrayLiteral } from '../table.ts';

// The tally of open proposals as the chain would answer it now: each stored vote weighed by its
// voter's current weight in the group, members who left not counted (x/group's Tally does the
// same), and where yes stands against the policy's pass line at the group's total weight now.
// Lists show it so a row can say "Yes 4 of 6 · 1 more needed" without a request per row, and
// without the reader's browser loading decimal maths for it.

export interface LiveTally {
  tally: { yes_count: string; abstain_count: string; no_count: string; no_with_veto_count: string };
  /** The group's total weight now. */
  total_weight: string;
  /** The policy's decision policy now (JSON as the node answers it). */
  decision_policy: unknown;
  /**
   * x/group's Allow at current weights, for the two policies it ships (null for another kind):
   * the yes weight that passes, how much is still needed, and passing / failing / open.
   */
  standing: { pass_line: string; yes_needed: string; outcome: 'passing' | 'failing' | 'open' } | null;
}

const THRESHOLD = '/cosmos.group.v1.ThresholdDecisionPolicy';

const PERCENTAGE = '/cosmos.group.v1.PercentageDecisionPolicy';

// Weights are summed as numeric, exactly; the pass line is DecisionPolicy.Allow's: a threshold
// capped at the total weight, or a percentage of it (never reached in a group without weight).
const LIVE_TALLIES = `
WITH open AS (
  SELECT p.id, p.group_id, g.total_weight::numeric AS total, g.total_weight, pol.decision_policy,
         pol.decision_policy::jsonb AS policy
    FROM proposals p
    JOIN groups g ON g.id = p.group_id JOIN policies pol ON pol.address = p.policy_address
   WHERE p.id = ANY($1::numeric[]) AND p.status = '${OPEN_STATUS}'
), sums AS (
  SELECT v.proposal_id AS id, v.option, sum(m.weight_value) AS weight
    FROM votes v JOIN open o ON o.id = v.proposal_id
    JOIN group_members m ON m.group_id = o.group_id AND m.address = v.voter
   GROUP BY v.proposal_id, v.option
), counted AS (
  SELECT o.*,
         COALESCE((SELECT weight FROM sums s WHERE s.id = o.id AND s.option = 'VOTE_OPTION_YES'), 0) AS yes,
         COALESCE((SELECT weight FROM sums s WHERE s.id = o.id AND s.option = 'VOTE_OPTION_ABSTAIN'), 0) AS abstain,
         COALESCE((SELECT weight FROM sums s WHERE s.id = o.id AND s.option = 'VOTE_OPTION_NO'), 0) AS no,
         COALESCE((SELECT weight FROM sums s WHERE s.id = o.id AND s.option = 'VOTE_OPTION_NO_WITH_VETO'), 0) AS veto,
         CASE o.policy->>'@type'
           WHEN '${THRESHOLD}' THEN LEAST((o.policy->>'threshold')::numeric, o.total)
           WHEN '${PERCENTAGE}' THEN (o.policy->>'percentage')::numeric * o.total
         END AS line
    FROM open o
)
SELECT id::text AS id, total_weight, decision_policy, yes::text AS yes, abstain::text AS abstain, no::text AS no,
       veto::text AS veto, line::text AS line, GREATEST(line - yes, 0)::text AS needed,
       CASE
         WHEN line IS NULL THEN NULL
         WHEN policy->>'@type' = '${PERCENTAGE}' AND total = 0 THEN 'failing'
         WHEN yes >= line THEN 'passing'
         WHEN yes + GREATEST(total - yes - abstain - no - veto, 0) < line THEN 'failing'
         ELSE 'open'
       END AS outcome
  FROM counted`;

/** Live tallies of those of `ids` that are still open, by id. */
export async function readLiveTallies(db: SqlExecutor, ids: readonly string[]): Promise<Map<string, LiveTally>> {
  const live = new Map<string, LiveTally>();
  if (ids.length === 0) return live;
  for (const row of await db.query(LIVE_TALLIES, [arrayLiteral(ids)])) {
    const outcome = row.outcome === null ? null : (String(row.outcome) as 'passing' | 'failing' | 'open');
    live.set(String(row.id), {
      tally: {
        yes_count: decimalText(row.yes),
        abstain_count: decimalText(row.abstain),
        no_count: decimalText(row.no),
        no_with_veto_count: decimalText(row.veto),
      },
      total_weight: String(row.total_weight),
      decision_policy: JSON.parse(String(row.decision_policy)) as unknown,
      standing:
        outcome === null ? null : { pass_line: decimalText(row.line), yes_needed: decimalText(row.needed), outcome },
    });
  }
  return live;
}

/** "4.000" → "4", "0.50" → "0.5": the node writes decimals without trailing zeros. */
function decimalText(value: unknown): string {
  const text = String(value);
  if (!text.includes('.')) return text;
  const trimmed = text.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '' || trimmed === '-' ? '0' : trimmed;
}
