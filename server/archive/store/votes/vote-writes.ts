import { TALLIED_STATUSES } from '../../vocabulary.ts';
import type { SqlExecutor, SqlValue } from '../db/sql-database.ts';
import { insertRows, wordList } from '../table.ts';
import { VOTES } from './vote-tables.ts';

// Votes as a batch finds them, and the weights they counted with, settled when their proposal is
// tallied.

/**
 * The voter's weight in the proposal's group now, as a primary-key probe per vote (a scalar
 * subquery: a join here is planned as a scan of every member and every proposal, whose cost grows
 * with the archive rather than with the batch).
 */
const memberOfVote = (alias: string, columnName: string) =>
  `(SELECT m.${columnName} FROM group_members m
     WHERE m.group_id = (SELECT p.group_id FROM proposals p WHERE p.id = ${alias}.proposal_id) AND m.address = ${alias}.voter)`;

/**
 * A vote written for a proposal already tallied (found stored when the archive began) takes the
 * weight now; one on a proposal still open holds none until its tally settles it. A weight taken
 * earlier would depend on where a batch began, so two archives of one chain would differ.
 */
const weightIfTallied = (alias: string, columnName: string) =>
  `(SELECT ${memberOfVote(alias, columnName)} WHERE EXISTS (SELECT 1 FROM proposals p WHERE p.id = ${alias}.proposal_id
     AND p.status IN (${wordList(TALLIED_STATUSES)})))`;

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
   * A vote on an open proposal starts with no weight; the tally settles the weights it counted
   * (see settleVoteWeights), which then writes only the votes whose weight moved.
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
             ${weightIfTallied('n', 'weight')}, ${weightIfTallied('n', 'weight_value')}, n.tx_hash
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
