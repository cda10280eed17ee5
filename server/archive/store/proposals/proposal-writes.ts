import type { NodeProposal } from '../../node-records.ts';
import { EXECUTOR_SUCCESS } from '../../vocabulary.ts';
import type { SqlExecutor, SqlValue } from '../db/sql-database.ts';
import { insertRows, numericList, positionOf } from '../table.ts';
import { PROPOSALS, PROPOSERS, TIMELINE, TIMELINE_SEQ, type TimelineKind } from './proposal-tables.ts';

// A batch's proposals, timeline entries and proposers, and the weights and rule each tally
// counted with.

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
