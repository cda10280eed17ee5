import type { SqlExecutor, SqlValue } from '../db/sql-database.ts';

// Rows of a batch of blocks (proposals, votes, timeline entries, group history, proposers,
// module versions) are gathered and inserted a few statements per batch instead of one per row:
// on PGlite each statement costs far more than the row it carries. Proposals are upserted (one
// row per proposal, as last seen) and flushed before anything reads them back; the others are
// insert-or-ignore (members: an upsert to the same values), so a re-processed block still
// changes nothing. `insertRows` also serves writes made at once, like members.

type Column = readonly [name: string, type: string];

interface RowTable {
  readonly name: string;
  readonly columns: readonly Column[];
  readonly conflict: string;
  /** Turns the VALUES list into the statement, for a table whose rows take more than they are given. */
  readonly statement?: (values: string) => string;
}

/** Bind parameters per statement, well under PostgreSQL's limit of 65,535. */
const PARAMS_PER_STATEMENT = 4_000;

/** Members whose weight changed: upserted (an address is unique within its group). */
export const GROUP_MEMBERS: RowTable = {
  name: 'group_members',
  columns: [
    ['group_id', 'numeric'],
    ['address', 'text'],
    ['weight', 'text'],
    ['weight_value', 'numeric'],
    ['metadata', 'text'],
    ['added_at', 'text'],
  ],
  conflict: `ON CONFLICT (group_id, address) DO UPDATE SET weight = excluded.weight,
    weight_value = excluded.weight_value, metadata = excluded.metadata`,
};

const memberOfVote = (column: string) =>
  `(SELECT m.${column} FROM group_members m
     WHERE m.group_id = (SELECT p.group_id FROM proposals p WHERE p.id = n.proposal_id) AND m.address = n.voter)`;

const VOTES: RowTable = {
  name: 'votes',
  columns: [
    ['proposal_id', 'numeric'],
    ['voter', 'text'],
    ['option', 'text'],
    ['metadata', 'text'],
    ['submit_time', 'text'],
    ['submit_at', 'timestamptz'],
    ['height', 'numeric'],
  ],
  conflict: 'ON CONFLICT DO NOTHING',
  // Each vote starts with its voter's weight in the group now (none when its proposal is new in
  // this batch and not yet written). The tally settles the weights it counted later (see
  // settleVoteWeights), which then rewrites only the votes whose weight moved.
  // Primary-key probes, as scalar subqueries: a join here is planned as a scan of every member
  // and every proposal, whose cost grows with the archive rather than with the batch.
  statement: (values) =>
    `INSERT INTO votes (proposal_id, voter, option, metadata, submit_time, submit_at, height, weight, weight_value)
     SELECT n.proposal_id, n.voter, n.option, n.metadata, n.submit_time, n.submit_at, n.height,
       ${memberOfVote('weight')}, ${memberOfVote('weight_value')}
     FROM (VALUES ${values}) AS n (proposal_id, voter, option, metadata, submit_time, submit_at, height)
     ON CONFLICT DO NOTHING`,
};

const PROPOSALS: RowTable = {
  name: 'proposals',
  columns: [
    ['id', 'numeric'],
    ['group_id', 'numeric'],
    ['policy_address', 'text'],
    ['proposers', 'text'],
    ['metadata', 'text'],
    ['title', 'text'],
    ['summary', 'text'],
    ['messages', 'text'],
    ['submit_time', 'text'],
    ['submit_at', 'timestamptz'],
    ['voting_period_end', 'text'],
    ['voting_ends_at', 'timestamptz'],
    ['group_version', 'numeric'],
    ['group_policy_version', 'numeric'],
    ['status', 'text'],
    ['executor_result', 'text'],
    ['final_tally', 'text'],
    ['on_chain', 'boolean'],
    ['pruned_height', 'numeric'],
    ['known_from', 'numeric'],
    ['last_height', 'numeric'],
  ],
  // A proposal's record never changes after submission; only its state does.
  conflict: `ON CONFLICT (id) DO UPDATE SET status = excluded.status, executor_result = excluded.executor_result,
    final_tally = excluded.final_tally, on_chain = excluded.on_chain,
    pruned_height = COALESCE(excluded.pruned_height, proposals.pruned_height), last_height = excluded.last_height`,
};

/** Where a proposal row keeps the state a later write within the batch replaces. */
const column = (name: string) => PROPOSALS.columns.findIndex(([columnName]) => columnName === name);
const PROPOSAL_STATE = {
  status: column('status'),
  executorResult: column('executor_result'),
  finalTally: column('final_tally'),
  onChain: column('on_chain'),
  prunedHeight: column('pruned_height'),
  lastHeight: column('last_height'),
};

export interface ProposalRow {
  id: string;
  groupId: string;
  policyAddress: string;
  proposers: string;
  metadata: string;
  title: string;
  summary: string;
  messages: string;
  submitTime: string;
  votingPeriodEnd: string;
  groupVersion: string;
  groupPolicyVersion: string;
  status: string;
  executorResult: string;
  finalTally: string;
  onChain: boolean;
  height: bigint;
}

const TIMELINE: RowTable = {
  name: 'proposal_timeline',
  columns: [
    ['proposal_id', 'numeric'],
    ['height', 'numeric'],
    ['seq', 'integer'],
    ['block_time', 'text'],
    ['kind', 'text'],
    ['status', 'text'],
    ['detail', 'text'],
  ],
  conflict: 'ON CONFLICT DO NOTHING',
};

const GROUP_HISTORY: RowTable = {
  name: 'group_history',
  columns: [
    ['group_id', 'numeric'],
    ['height', 'numeric'],
    ['seq', 'integer'],
    ['block_time', 'text'],
    ['kind', 'text'],
    ['address', 'text'],
    ['old_value', 'text'],
    ['new_value', 'text'],
  ],
  conflict: 'ON CONFLICT DO NOTHING',
};

const PROPOSERS: RowTable = {
  name: 'proposal_proposers',
  columns: [
    ['proposal_id', 'numeric'],
    ['proposer', 'text'],
  ],
  conflict: 'ON CONFLICT DO NOTHING',
};

const MODULE_VERSIONS: RowTable = {
  name: 'module_versions',
  columns: [
    ['name', 'text'],
    ['height', 'numeric'],
    ['version', 'numeric'],
  ],
  conflict: 'ON CONFLICT DO NOTHING',
};

/** Inserts rows in as few statements as the parameter limit allows. */
export async function insertRows(tx: SqlExecutor, table: RowTable, rows: readonly SqlValue[][]): Promise<void> {
  const perStatement = Math.max(1, Math.floor(PARAMS_PER_STATEMENT / table.columns.length));
  const names = table.columns.map(([name]) => name).join(', ');
  for (let start = 0; start < rows.length; start += perStatement) {
    const params: SqlValue[] = [];
    const values = rows.slice(start, start + perStatement).map((row) => {
      const cells = row.map((value, index) => {
        params.push(value);
        return `$${params.length}::${table.columns[index][1]}`;
      });
      return `(${cells.join(', ')})`;
    });
    const sql = table.statement
      ? table.statement(values.join(', '))
      : `INSERT INTO ${table.name} (${names}) VALUES ${values.join(', ')} ${table.conflict}`;
    await tx.query(sql, params);
  }
}

export class PendingRows {
  /** One row per proposal: written several times in a batch, it is inserted once, as last seen. */
  private readonly proposals = new Map<string, SqlValue[]>();
  private readonly votes: SqlValue[][] = [];
  private readonly timeline: SqlValue[][] = [];
  private readonly groupHistory: SqlValue[][] = [];
  private readonly proposers: SqlValue[][] = [];
  private readonly moduleVersions: SqlValue[][] = [];

  proposal(row: ProposalRow) {
    const height = String(row.height);
    const values: SqlValue[] = [
      row.id,
      row.groupId,
      row.policyAddress,
      row.proposers,
      row.metadata,
      row.title,
      row.summary,
      row.messages,
      row.submitTime,
      row.submitTime,
      row.votingPeriodEnd,
      row.votingPeriodEnd,
      row.groupVersion,
      row.groupPolicyVersion,
      row.status,
      row.executorResult,
      row.finalTally,
      row.onChain,
      null,
      height,
      height,
    ];
    const earlier = this.proposals.get(row.id);
    if (!earlier) return void this.proposals.set(row.id, values);
    for (const index of Object.values(PROPOSAL_STATE)) earlier[index] = values[index];
  }

  /**
   * Applies a prune to a proposal row still waiting here (as the prune's UPDATE would); false
   * when its row is already in the database.
   */
  pruneProposal(id: string, prune: { height: bigint; status: string; finalTally?: string; succeeded: boolean }) {
    const row = this.proposals.get(id);
    if (!row) return false;
    row[PROPOSAL_STATE.onChain] = false;
    row[PROPOSAL_STATE.prunedHeight] = String(prune.height);
    row[PROPOSAL_STATE.lastHeight] = String(prune.height);
    row[PROPOSAL_STATE.status] = prune.status;
    if (prune.finalTally !== undefined) row[PROPOSAL_STATE.finalTally] = prune.finalTally;
    if (prune.succeeded) row[PROPOSAL_STATE.executorResult] = 'PROPOSAL_EXECUTOR_RESULT_SUCCESS';
    return true;
  }

  /** Before anything reads proposals back (settling weights joins them for their group). */
  async flushProposals(tx: SqlExecutor): Promise<void> {
    const rows = [...this.proposals.values()];
    this.proposals.clear();
    await insertRows(tx, PROPOSALS, rows);
  }

  vote(vote: { proposalId: string; voter: string; option: string; metadata: string }, height: bigint, time: string) {
    this.votes.push([vote.proposalId, vote.voter, vote.option, vote.metadata, time, time, String(height)]);
  }

  timelineEntry(
    row: [
      id: string,
      height: bigint,
      seq: number,
      time: string,
      kind: string,
      status: string | null,
      detail: string | null,
    ],
  ) {
    const [id, height, seq, time, kind, status, detail] = row;
    this.timeline.push([id, String(height), String(seq), time, kind, status, detail]);
  }

  groupEvent(
    groupId: string,
    height: bigint,
    seq: number,
    time: string,
    change: [string, string | null, string | null, string | null],
  ) {
    this.groupHistory.push([groupId, String(height), String(seq), time, ...change]);
  }

  proposer(proposalId: string, proposer: string) {
    this.proposers.push([proposalId, proposer]);
  }

  moduleVersion(name: string, height: bigint, version: string) {
    this.moduleVersions.push([name, String(height), version]);
  }

  /**
   * Votes go in first: weights are settled on them when a proposal is tallied later in the
   * batch (a vote never follows its proposal's tally, so no later vote is missed).
   */
  async flushVotes(tx: SqlExecutor): Promise<void> {
    await insertRows(tx, VOTES, this.votes.splice(0));
  }

  async flush(tx: SqlExecutor): Promise<void> {
    await this.flushProposals(tx);
    await this.flushVotes(tx);
    await insertRows(tx, TIMELINE, this.timeline.splice(0));
    await insertRows(tx, GROUP_HISTORY, this.groupHistory.splice(0));
    await insertRows(tx, PROPOSERS, this.proposers.splice(0));
    await insertRows(tx, MODULE_VERSIONS, this.moduleVersions.splice(0));
  }
}
