import { OPEN_STATUS } from '../../vocabulary.ts';
import type { Row, SqlExecutor, SqlValue } from '../db/sql-database.ts';
import { keysetPage, type PageParams } from '../keyset-page.ts';
import { GROUP_MODULE_PRESENT_SQL } from '../upgrades/upgrade-reads.ts';

// What the archive API reads of proposals: a proposal with its group's and policy's names, the
// list with its filters, a proposal's timeline and what it was tallied with; and the open
// proposals the follower watches.

const PROPOSAL_COLUMNS = `p.id::text AS id, p.group_id::text AS group_id, g.name AS group_name, p.policy_address,
  pol.name AS policy_name, p.proposers, p.metadata, p.title, p.summary, p.messages, p.submit_time, p.voting_period_end,
  p.group_version::text AS group_version, p.group_policy_version::text AS group_policy_version, p.status,
  p.executor_result, p.final_tally, p.on_chain, p.pruned_height::text AS pruned_height, p.known_from::text AS known_from,
  p.last_height::text AS last_height`;

const PROPOSAL_SELECT = `SELECT ${PROPOSAL_COLUMNS} FROM proposals p
  LEFT JOIN groups g ON g.id = p.group_id LEFT JOIN policies pol ON pol.address = p.policy_address`;

export interface ProposalFilter {
  status: string | null;
  groupId: string | null;
  policyAddress: string | null;
  proposer: string | null;
  /** Still open at the archive's latest block. */
  votingOpen: boolean;
  /** A prefix query over title, summary and metadata (`budg:* & 2027:*`). */
  search: string | null;
}

export type ProposalOrder = 'id' | 'submit_time' | 'voting_period_end';

/**
 * The filter as SQL conditions on `p` (the proposals table) with their parameters, numbered from
 * `$1`: the proposals list and the feeds narrow by the same words.
 */
export function proposalConditions(filter: ProposalFilter): { where: string; params: SqlValue[] } {
  const conditions: string[] = ['true'];
  const params: SqlValue[] = [];
  const add = (condition: string, value: SqlValue) => {
    params.push(value);
    conditions.push(condition.replace('?', `$${params.length}`));
  };
  if (filter.status !== null) add('p.status = ?', filter.status);
  if (filter.groupId !== null) add('p.group_id = ?::numeric', filter.groupId);
  if (filter.policyAddress !== null) add('p.policy_address = ?', filter.policyAddress);
  if (filter.proposer !== null)
    add('p.id IN (SELECT proposal_id FROM proposal_proposers WHERE proposer = ?)', filter.proposer);
  if (filter.votingOpen) {
    conditions.push(`p.status = '${OPEN_STATUS}'`);
    conditions.push(`p.voting_ends_at >= (SELECT block_time::timestamptz FROM archive_cursor WHERE block_time <> '')`);
    conditions.push(GROUP_MODULE_PRESENT_SQL);
  }
  if (filter.search !== null) add(`p.search @@ to_tsquery('simple', ?)`, filter.search);
  return { where: conditions.join(' AND '), params };
}

export function readProposals(
  db: SqlExecutor,
  filter: ProposalFilter,
  order: { by: ProposalOrder; descending: boolean },
  page: PageParams,
) {
  const { where, params } = proposalConditions(filter);
  const column = order.by === 'id' ? null : order.by === 'submit_time' ? 'p.submit_at' : 'p.voting_ends_at';
  return keysetPage(
    db,
    {
      sql: `${PROPOSAL_SELECT.replace('SELECT ', `SELECT p.submit_at::text AS submit_at, p.voting_ends_at::text AS voting_ends_at, `)} WHERE ${where}`,
      params,
    },
    {
      columns: column ? [column, 'p.id'] : ['p.id'],
      descending: order.descending,
      keyOf: (row: Row) =>
        column
          ? [String(column === 'p.submit_at' ? row.submit_at : row.voting_ends_at), String(row.id)]
          : [String(row.id)],
    },
    page,
  );
}

export async function readProposal(db: SqlExecutor, id: string): Promise<Row | null> {
  return (await db.query(`${PROPOSAL_SELECT} WHERE p.id = $1::numeric`, [id]))[0] ?? null;
}

export async function proposalExists(db: SqlExecutor, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM proposals WHERE id = $1::numeric', [id])).length > 0;
}

/** Whether the chain pruned the proposal: nothing of it in the chain's state changes any more. */
export async function proposalPruned(db: SqlExecutor, id: string): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM proposals WHERE id = $1::numeric AND pruned_height IS NOT NULL', [id])).length > 0
  );
}

export function readTimeline(db: SqlExecutor, id: string): Promise<Row[]> {
  return db.query(
    'SELECT height::text AS height, block_time, kind, status, detail, tx_hash FROM proposal_timeline WHERE proposal_id = $1::numeric ORDER BY height, seq',
    [id],
  );
}

/** Open proposals: what the follower must look at when their voting ends or their policy changes. */
export async function readOpenProposals(
  db: SqlExecutor,
): Promise<{ id: string; votingPeriodEnd: string; policyAddress: string }[]> {
  const rows = await db.query<{ id: string; voting_period_end: string; policy_address: string }>(
    `SELECT id::text AS id, voting_period_end, policy_address FROM proposals WHERE status = '${OPEN_STATUS}'`,
  );
  return rows.map((row) => ({ id: row.id, votingPeriodEnd: row.voting_period_end, policyAddress: row.policy_address }));
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
