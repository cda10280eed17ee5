import type { NodeProposal } from '../source/rest-reader.ts';
import { EXECUTOR_SUCCESS, OPEN_STATUS } from '../vocabulary.ts';
import type { SqlExecutor, SqlValue } from './db/sql-database.ts';
import { column, insertRows, numericList, positionOf, type Table } from './table.ts';

// Proposals as last seen (the record never changes after submission; only its state does),
// their proposers, and their timelines.

export const PROPOSALS: Table = {
  name: 'proposals',
  columns: [
    column('id', 'numeric(20)'),
    column('group_id', 'numeric(20)'),
    column('policy_address', 'text'),
    column('proposers', 'text'),
    column('metadata', 'text'),
    column('title', 'text'),
    column('summary', 'text'),
    column('messages', 'text'),
    column('submit_time', 'text'),
    column('submit_at', 'timestamptz'),
    column('voting_period_end', 'text'),
    column('voting_ends_at', 'timestamptz'),
    column('group_version', 'numeric(20)'),
    column('group_policy_version', 'numeric(20)'),
    column('status', 'text'),
    column('executor_result', 'text'),
    column('final_tally', 'text'),
    column('on_chain', 'boolean'),
    column('pruned_height', 'numeric(20)', { nullable: true }),
    column('known_from', 'numeric(20)'),
    column('last_height', 'numeric(20)'),
    column('search', 'tsvector', {
      generated: `to_tsvector('simple', title || ' ' || summary || ' ' || metadata)`,
    }),
  ],
  primaryKey: ['id'],
  indexes: [
    'CREATE INDEX proposals_submit ON proposals (submit_at, id)',
    'CREATE INDEX proposals_voting_end ON proposals (voting_ends_at, id)',
    'CREATE INDEX proposals_status ON proposals (status, id)',
    'CREATE INDEX proposals_group ON proposals (group_id, id)',
    'CREATE INDEX proposals_policy ON proposals (policy_address, id)',
    'CREATE INDEX proposals_search ON proposals USING gin (search)',
    `CREATE INDEX proposals_open ON proposals (voting_ends_at, id) WHERE status = '${OPEN_STATUS}'`,
  ],
};

export const PROPOSERS: Table = {
  name: 'proposal_proposers',
  columns: [column('proposal_id', 'numeric(20)'), column('proposer', 'text')],
  primaryKey: ['proposer', 'proposal_id'],
};

export const TIMELINE: Table = {
  name: 'proposal_timeline',
  columns: [
    column('proposal_id', 'numeric(20)'),
    column('height', 'numeric(20)'),
    column('seq', 'integer'),
    column('block_time', 'text'),
    column('kind', 'text'),
    column('status', 'text', { nullable: true }),
    column('detail', 'text', { nullable: true }),
    // The transaction behind a submission or an execution, where the archive read its block.
    column('tx_hash', 'text', { nullable: true, since: 9 }),
  ],
  primaryKey: ['proposal_id', 'height', 'seq'],
};

/** Fixed order of a proposal's timeline entries within one height. */
export const TIMELINE_SEQ = {
  first_seen: 0,
  submitted: 1,
  voting_ended: 2,
  status: 3,
  executed: 4,
  pruned: 5,
} as const;
export type TimelineKind = keyof typeof TIMELINE_SEQ;

/** What the archive holds of a proposal that a newer read can change. */
export interface ProposalState {
  status: string;
  executorResult: string;
  finalTally: string;
  onChain: boolean;
}

export interface ProposalPrune {
  height: bigint;
  status: string;
  /** The tally the prune event carries, for a proposal decided by one. */
  finalTally?: string;
  /** Executed successfully in the block that pruned it. */
  succeeded: boolean;
}

/** Where a proposal row keeps the state a later write within the batch replaces. */
const STATE = {
  status: positionOf(PROPOSALS, 'status'),
  executorResult: positionOf(PROPOSALS, 'executor_result'),
  finalTally: positionOf(PROPOSALS, 'final_tally'),
  onChain: positionOf(PROPOSALS, 'on_chain'),
  prunedHeight: positionOf(PROPOSALS, 'pruned_height'),
  lastHeight: positionOf(PROPOSALS, 'last_height'),
};

/** Upserted, never older over newer: `last_height` is the height of the last change seen. */
const PROPOSAL_UPSERT = `ON CONFLICT (id) DO UPDATE SET status = excluded.status, executor_result = excluded.executor_result,
    final_tally = excluded.final_tally, on_chain = excluded.on_chain,
    pruned_height = COALESCE(excluded.pruned_height, proposals.pruned_height), last_height = excluded.last_height
  WHERE proposals.last_height <= excluded.last_height`;

/**
 * A batch's proposal rows, timeline entries and proposers, written at its end. A proposal
 * written several times in a batch goes in once, as last seen.
 */
export class ProposalRows {
  private readonly proposals = new Map<string, SqlValue[]>();
  private readonly timeline: SqlValue[][] = [];
  private readonly proposers: SqlValue[][] = [];

  /**
   * Writes the latest known record of a proposal (as the node showed it at `height`) unless the
   * archive already holds that state, and returns the status it held before (null: unknown).
   * `states` holds what is stored; it is kept in step here.
   */
  write(
    states: Map<string, ProposalState | null>,
    record: { proposal: NodeProposal; groupId: string; height: bigint; onChain: boolean },
  ): string | null {
    const { proposal, height, onChain } = record;
    const next: ProposalState = {
      status: proposal.status,
      executorResult: proposal.executor_result,
      finalTally: JSON.stringify(proposal.final_tally_result),
      onChain,
    };
    const stored = states.get(proposal.id) ?? null;
    if (
      stored &&
      stored.status === next.status &&
      stored.executorResult === next.executorResult &&
      stored.finalTally === next.finalTally &&
      stored.onChain === next.onChain
    )
      return stored.status;
    const values: SqlValue[] = [
      proposal.id,
      record.groupId,
      proposal.group_policy_address,
      JSON.stringify(proposal.proposers),
      proposal.metadata,
      proposal.title,
      proposal.summary,
      JSON.stringify(proposal.messages),
      proposal.submit_time,
      proposal.submit_time,
      proposal.voting_period_end,
      proposal.voting_period_end,
      proposal.group_version,
      proposal.group_policy_version,
      next.status,
      next.executorResult,
      next.finalTally,
      onChain,
      null,
      String(height),
      String(height),
    ];
    const earlier = this.proposals.get(proposal.id);
    if (!earlier) this.proposals.set(proposal.id, values);
    else for (const position of Object.values(STATE)) earlier[position] = values[position];
    states.set(proposal.id, next);
    if (stored === null) for (const proposer of proposal.proposers) this.proposers.push([proposal.id, proposer]);
    return stored?.status ?? null;
  }

  timelineEntry(
    entry: { proposalId: string; height: bigint; time: string; kind: TimelineKind; txHash?: string | null },
    status: string | null,
    detail: string | null = null,
  ): void {
    const { proposalId, height, time, kind, txHash = null } = entry;
    this.timeline.push([proposalId, String(height), String(TIMELINE_SEQ[kind]), time, kind, status, detail, txHash]);
  }

  /** Applies a prune: to the row still waiting here, or to the stored one. */
  async prune(tx: SqlExecutor, id: string, prune: ProposalPrune): Promise<void> {
    const row = this.proposals.get(id);
    if (row) {
      row[STATE.onChain] = false;
      row[STATE.prunedHeight] = String(prune.height);
      row[STATE.lastHeight] = String(prune.height);
      row[STATE.status] = prune.status;
      if (prune.finalTally !== undefined) row[STATE.finalTally] = prune.finalTally;
      if (prune.succeeded) row[STATE.executorResult] = EXECUTOR_SUCCESS;
      return;
    }
    await tx.query(
      `UPDATE proposals SET on_chain = false, pruned_height = $2::numeric, status = $3, last_height = $2::numeric,
         final_tally = CASE WHEN $4::boolean THEN $5 ELSE final_tally END,
         executor_result = CASE WHEN $6::boolean THEN '${EXECUTOR_SUCCESS}' ELSE executor_result END
       WHERE id = $1 AND last_height <= $2::numeric`,
      [
        id,
        String(prune.height),
        prune.status,
        prune.finalTally !== undefined,
        prune.finalTally ?? null,
        prune.succeeded,
      ],
    );
  }

  /** Before anything reads proposals back (settling weights joins them for their group). */
  async flushProposals(tx: SqlExecutor): Promise<void> {
    const rows = [...this.proposals.values()];
    this.proposals.clear();
    await insertRows(tx, PROPOSALS, rows, { conflict: PROPOSAL_UPSERT });
  }

  async flush(tx: SqlExecutor): Promise<void> {
    await this.flushProposals(tx);
    await insertRows(tx, TIMELINE, this.timeline.splice(0), { conflict: 'ON CONFLICT DO NOTHING' });
    await insertRows(tx, PROPOSERS, this.proposers.splice(0), { conflict: 'ON CONFLICT DO NOTHING' });
  }
}

/**
 * The stored state of the proposals a batch touches, read in few statements, then kept in step
 * with what the batch writes: a proposal read again unchanged costs no statement.
 */
export async function loadProposalStates(
  tx: SqlExecutor,
  ids: readonly string[],
): Promise<Map<string, ProposalState | null>> {
  const states = new Map<string, ProposalState | null>(ids.map((id) => [id, null]));
  for (let start = 0; start < ids.length; start += 5000) {
    const slice = ids.slice(start, start + 5000);
    const rows = await tx.query<{
      id: string;
      status: string;
      executor_result: string;
      final_tally: string;
      on_chain: boolean;
    }>(
      `SELECT id::text AS id, status, executor_result, final_tally, on_chain FROM proposals
       WHERE id IN (${numericList(slice.length)})`,
      slice,
    );
    for (const row of rows)
      states.set(row.id, {
        status: row.status,
        executorResult: row.executor_result,
        finalTally: row.final_tally,
        onChain: row.on_chain,
      });
  }
  return states;
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
