import { TALLIED_STATUSES } from '../vocabulary.ts';
import type { Row, SqlExecutor, SqlValue } from './db/sql-database.ts';
import { keysetPage, type PageParams } from './keyset-page.ts';
import { column, insertRows, wordList, type Table } from './table.ts';

// Every vote ever cast, with the weight it counted when its proposal was tallied.

export const VOTES: Table = {
  name: 'votes',
  columns: [
    column('proposal_id', 'numeric(20)'),
    column('voter', 'text'),
    column('option', 'text'),
    column('metadata', 'text'),
    column('submit_time', 'text'),
    column('submit_at', 'timestamptz'),
    column('height', 'numeric(20)'),
    column('weight', 'text', { nullable: true }),
    column('weight_value', 'numeric', { nullable: true }),
    // Null where the archive found the vote stored rather than read its transaction (a bootstrap).
    column('tx_hash', 'text', { nullable: true, since: 9 }),
  ],
  primaryKey: ['proposal_id', 'voter'],
  indexes: [
    'CREATE INDEX votes_by_voter ON votes (voter, proposal_id)',
    'CREATE INDEX votes_by_time ON votes (proposal_id, submit_at, voter)',
    'CREATE INDEX votes_by_weight ON votes (proposal_id, weight_value, voter)',
  ],
};

/**
 * The voter's weight in the proposal's group now, as a primary-key probe per vote (a scalar
 * subquery: a join here is planned as a scan of every member and every proposal, whose cost grows
 * with the archive rather than with the batch).
 */
const memberOfVote = (alias: string, columnName: string) =>
  `(SELECT m.${columnName} FROM group_members m
     WHERE m.group_id = (SELECT p.group_id FROM proposals p WHERE p.id = ${alias}.proposal_id) AND m.address = ${alias}.voter)`;

export interface VoteInput {
  proposalId: string;
  voter: string;
  option: string;
  metadata: string;
  txHash: string | null;
}

/** Votes gathered for a batch; a vote already stored is kept as it was. */
export class VoteRows {
  private readonly rows: SqlValue[][] = [];

  add(vote: VoteInput, height: bigint, time: string): void {
    this.rows.push([vote.proposalId, vote.voter, vote.option, vote.metadata, time, time, String(height), vote.txHash]);
  }

  /**
   * Each vote starts with its voter's weight in the group now (none when its proposal is new in
   * this batch and not yet written). The tally settles the weights it counted later (see
   * settleVoteWeights), which then rewrites only the votes whose weight moved.
   */
  async flush(tx: SqlExecutor): Promise<void> {
    await insertRows(
      tx,
      { ...VOTES, columns: VOTES.columns.filter((entry) => !entry.name.startsWith('weight')) },
      this.rows.splice(0),
      {
        conflict: 'ON CONFLICT DO NOTHING',
        statement: (rows) =>
          `INSERT INTO votes (proposal_id, voter, option, metadata, submit_time, submit_at, height, weight, weight_value, tx_hash)
           SELECT n.proposal_id, n.voter, n.option, n.metadata, n.submit_time, n.submit_at, n.height,
             ${memberOfVote('n', 'weight')}, ${memberOfVote('n', 'weight_value')}, n.tx_hash
           FROM ${rows}
           ON CONFLICT DO NOTHING`,
      },
    );
  }
}

/**
 * Gives the votes of tallied proposals the weight each counted with: the voter's weight in the
 * group at the tally's height, which is what the archive holds when this runs (a voter who had
 * left counts nothing, so gets none). One statement for all of a batch's proposals; rows already
 * holding that weight are left alone.
 */
export async function settleVoteWeights(tx: SqlExecutor, proposalIds: readonly string[]): Promise<void> {
  if (proposalIds.length === 0) return;
  await tx.query(
    `UPDATE votes SET weight = counted.weight, weight_value = counted.weight_value
     FROM (SELECT v.proposal_id, v.voter, ${memberOfVote('v', 'weight')} AS weight,
             ${memberOfVote('v', 'weight_value')} AS weight_value
           FROM votes v WHERE v.proposal_id = ANY($1::numeric[])) counted
     WHERE votes.proposal_id = counted.proposal_id AND votes.voter = counted.voter
       AND votes.weight IS DISTINCT FROM counted.weight`,
    [`{${proposalIds.join(',')}}`],
  );
}

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
