import { OPEN_STATUS, TALLIED_STATUSES } from '../../vocabulary.ts';
import type { SqlExecutor } from '../db/sql-database.ts';
import { wordList } from '../table.ts';
import { GROUP_MODULE_PRESENT_SQL } from '../upgrades/upgrade-reads.ts';

// An address's inbox: what waits for its vote in the groups it belongs to now, and what became of
// the proposals it voted on.

export type OpenProposalRow = {
  id: string;
  title: string;
  group_id: string;
  group_name: string | null;
  policy_address: string;
  policy_name: string | null;
  submit_time: string;
  voting_period_end: string;
  /** The address's weight in the proposal's group now. */
  weight: string;
  /** How many rows the whole answer has (the same on every row), before the limit. */
  total: string;
};

/**
 * Proposals still open at the archive's latest block time, in every group the address is a
 * member of now, that it has not voted on; the soonest voting end first. At most `limit` rows,
 * each saying how many there are in all.
 */
export function readOpenForMember(db: SqlExecutor, address: string, limit: number) {
  return db.query<OpenProposalRow>(
    `SELECT p.id::text AS id, p.title, p.group_id::text AS group_id, g.name AS group_name, p.policy_address,
       pol.name AS policy_name, p.submit_time, p.voting_period_end, m.weight, count(*) OVER ()::text AS total
     FROM group_members m JOIN proposals p ON p.group_id = m.group_id
       LEFT JOIN groups g ON g.id = p.group_id LEFT JOIN policies pol ON pol.address = p.policy_address
     WHERE m.address = $1 AND p.status = '${OPEN_STATUS}'
       AND p.voting_ends_at >= (SELECT block_time::timestamptz FROM archive_cursor WHERE block_time <> '')
       AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.proposal_id = p.id AND v.voter = $1)
       AND ${GROUP_MODULE_PRESENT_SQL}
     ORDER BY p.voting_ends_at, p.id LIMIT ${Math.floor(limit)}`,
    [address],
  );
}

export type DecidedProposalRow = {
  id: string;
  title: string;
  group_id: string;
  group_name: string | null;
  policy_address: string;
  status: string;
  executor_result: string;
  final_tally: string;
  decided_height: string;
  decided_time: string;
  option: string;
  /** The weight its vote counted with (null when it did not count: the voter had left). */
  weight: string | null;
  /** How many rows the whole answer has (the same on every row), before the limit. */
  total: string;
};

/**
 * Proposals the address voted on whose decision (accepted or rejected) the archive recorded at a
 * block time at or after `since`; the latest decision first. A decision made before the archive
 * began has no recorded time, so it is not listed. At most `limit` rows, each saying how many
 * there are in all.
 */
export function readDecidedForVoter(db: SqlExecutor, voter: string, since: string, limit: number) {
  return db.query<DecidedProposalRow>(
    `SELECT p.id::text AS id, p.title, p.group_id::text AS group_id, g.name AS group_name, p.policy_address, p.status,
       p.executor_result, p.final_tally, decision.height::text AS decided_height, decision.block_time AS decided_time,
       v.option, v.weight, count(*) OVER ()::text AS total
     FROM votes v JOIN proposals p ON p.id = v.proposal_id
       JOIN LATERAL (
         SELECT t.height, t.seq, t.block_time FROM proposal_timeline t
         WHERE t.proposal_id = v.proposal_id AND t.kind IN ('voting_ended', 'status', 'pruned')
           AND t.status IN (${wordList(TALLIED_STATUSES)}) AND t.block_time <> ''
         ORDER BY t.height, t.seq LIMIT 1
       ) decision ON true
       LEFT JOIN groups g ON g.id = p.group_id
     WHERE v.voter = $1 AND p.status IN (${wordList(TALLIED_STATUSES)})
       AND decision.block_time::timestamptz >= $2::timestamptz
     ORDER BY decision.height DESC, p.id DESC LIMIT ${Math.floor(limit)}`,
    [voter, since],
  );
}
