import { fromBech32 } from '@cosmjs/encoding';

import { TALLIED_STATUSES } from '../../vocabulary.ts';
import type { Row, SqlExecutor, SqlValue } from '../db/sql-database.ts';
import { keysetPage, type PageParams } from '../keyset-page.ts';
import { wordList } from '../table.ts';

// What the archive API reads of votes: a proposal's, an address's, and how many.

// A vote's weight is the one its proposal's tally counted: none before the tally (the archive
// keeps the voter's current weight there until then) nor for a proposal never tallied.
const TALLIED = `p.status IN (${wordList(TALLIED_STATUSES)})`;

const WEIGHT_ORDER = `COALESCE(CASE WHEN ${TALLIED} THEN v.weight_value END, -1)`;

const VOTE_SELECT = `SELECT v.proposal_id::text AS proposal_id, v.voter, v.option, v.metadata, v.submit_time,
  v.submit_at::text AS submit_at, v.height::text AS height, v.tx_hash, CASE WHEN ${TALLIED} THEN v.weight END AS weight,
  ${WEIGHT_ORDER}::text AS weight_order, p.on_chain,
  ${TALLIED} AS votes_pruned, p.title, p.status, p.executor_result,
  p.group_id::text AS group_id, g.name AS group_name
  FROM votes v JOIN proposals p ON p.id = v.proposal_id LEFT JOIN groups g ON g.id = p.group_id`;

export type ProposalVoteOrder = 'time' | 'weight' | 'voter';

/** A page of one proposal's votes. */
export function readProposalVotes(
  db: SqlExecutor,
  proposalId: string,
  order: { by: ProposalVoteOrder; descending: boolean },
  page: PageParams,
) {
  const first = { time: 'v.submit_at', weight: WEIGHT_ORDER, voter: null }[order.by];
  return keysetPage(
    db,
    { sql: `${VOTE_SELECT} WHERE v.proposal_id = $1::numeric`, params: [proposalId] },
    {
      columns: first ? [first, 'v.voter'] : ['v.voter'],
      descending: order.descending,
      keyOf: (row: Row) =>
        first
          ? [String(order.by === 'time' ? row.submit_at : row.weight_order), String(row.voter)]
          : [String(row.voter)],
    },
    page,
  );
}

/** A page of an address's votes across every group, with what it voted on; narrowed in SQL. */
export function readVoterVotes(
  db: SqlExecutor,
  voter: string,
  filter: { option: string | null; groupId: string | null; descending: boolean },
  page: PageParams,
) {
  const params: SqlValue[] = [voter];
  let where = 'v.voter = $1';
  if (filter.option !== null) {
    params.push(filter.option);
    where += ` AND v.option = $${params.length}`;
  }
  if (filter.groupId !== null) {
    params.push(filter.groupId);
    where += ` AND p.group_id = $${params.length}::numeric`;
  }
  return keysetPage(
    db,
    { sql: `${VOTE_SELECT} WHERE ${where}`, params },
    { columns: ['v.proposal_id'], descending: filter.descending, keyOf: (row: Row) => [String(row.proposal_id)] },
    page,
  );
}

/** How many votes the archive holds. */
export async function countVotes(db: SqlExecutor): Promise<number> {
  return Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM votes'))[0].n);
}

/** How many votes the archive holds for one proposal (text: a count is a uint64 in the API). */
export async function countProposalVotes(db: SqlExecutor, proposalId: string): Promise<string> {
  const rows = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM votes WHERE proposal_id = $1::numeric', [
    proposalId,
  ]);
  return rows[0].n;
}

/** Whether the archive holds `voter`'s vote on proposal `id`. */
export async function voteExists(db: SqlExecutor, id: string, voter: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM votes WHERE proposal_id = $1::numeric AND voter = $2', [id, voter])).length > 0;
}

/** The chain's bech32 prefix, as any voter's address the archive holds says it ('cosmos' before its first vote). */
export async function archivedBech32Prefix(db: SqlExecutor): Promise<string> {
  const rows = await db.query<{ voter: string }>('SELECT voter FROM votes LIMIT 1');
  return rows[0] ? fromBech32(rows[0].voter).prefix : 'cosmos';
}
