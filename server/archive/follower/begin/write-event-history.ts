import type { NodeGroup, NodePolicy, NodeProposal, NodeTally } from '../../node-records.ts';
import type { StoreTransaction } from '../../store/archive-store.ts';
import { BatchRows } from '../../store/batch-rows.ts';
import type { ProposalState } from '../../store/proposals/proposal-writes.ts';
import {
  ACCEPTED_STATUS,
  EXECUTOR_NOT_RUN,
  EXECUTOR_SUCCESS,
  isTallied,
  OPEN_STATUS,
  WITHDRAWN_STATUS,
} from '../../vocabulary.ts';
import { rebuildProposal } from '../tip/proposal-from-message.ts';
import type { HistoryBlock } from './event-history.ts';
import { MembershipLedger } from './membership-ledger.ts';
import { versionsAtSubmission } from './submission-versions.ts';

// Writing what blocks whose state is gone prove, in the transaction that then writes the first
// kept state over it. Everything here is written at the height that proves it, below the kept
// state's, so the state wins wherever it holds the same thing (a proposal's status, its final
// tally, a group's members), while what only the blocks know stays: a vote's height and
// transaction (a stored vote does not replace one), a proposal's submission and what it became.
// Vote weights stay unknown: no group is stored yet when the votes are.

/** What the first kept state holds that the history is told apart from or completed with. */
export interface KeptState {
  height: bigint;
  proposals: ReadonlyMap<string, NodeProposal>;
  policies: ReadonlyMap<string, NodePolicy>;
  groups: ReadonlyMap<string, NodeGroup>;
}

const ZERO_TALLY: NodeTally = { yes_count: '0', abstain_count: '0', no_count: '0', no_with_veto_count: '0' };

/** The proposals the history writes, kept in step with what each later block proves of them. */
class ProposalsInHistory {
  private readonly states = new Map<string, ProposalState | null>();
  private readonly written = new Map<string, { proposal: NodeProposal; groupId: string }>();

  constructor(private readonly rows: BatchRows) {}

  has(id: string): boolean {
    return this.written.has(id);
  }

  write(proposal: NodeProposal, groupId: string, height: bigint): void {
    this.rows.proposals.write(this.states, { proposal, groupId, height, onChain: true });
    this.written.set(proposal.id, { proposal, groupId });
  }

  change(id: string, change: Partial<NodeProposal>, height: bigint): void {
    const known = this.written.get(id);
    if (known) this.write({ ...known.proposal, ...change }, known.groupId, height);
  }
}

/**
 * A submission's record: the kept state's where it still holds the proposal (the whole record as
 * the chain stored it), else rebuilt from its message, with the policy and versions of its time.
 */
function submittedRecord(
  block: HistoryBlock,
  fact: HistoryBlock['facts']['submitted'][number],
  kept: KeptState,
  versions: ReturnType<typeof versionsAtSubmission>,
) {
  const held = kept.proposals.get(fact.proposalId);
  if (held) return held;
  const policy = kept.policies.get(fact.message.groupPolicyAddress);
  const version = versions.get(fact.proposalId);
  const rules = policy ? { decisionPolicy: policy.decision_policy, version: version?.policy ?? '0' } : null;
  return rebuildProposal(fact, block.time, block.facts, rules, version?.group);
}

/** What one block writes: the rows gathered for the end, and what is known so far. */
interface HistoryWrites {
  tx: StoreTransaction;
  rows: BatchRows;
  proposals: ProposalsInHistory;
  ledger: MembershipLedger;
  kept: KeptState;
  versions: ReturnType<typeof versionsAtSubmission>;
}

function writeMembership(writes: HistoryWrites, block: HistoryBlock): void {
  // The kept state's own block: its members are written as the state shows them there.
  if (block.height >= writes.kept.height) return;
  const seq = new Map<string, number>();
  for (const step of block.steps)
    for (const { groupId, change } of writes.ledger.changes(step)) {
      const next = seq.get(groupId) ?? 0;
      seq.set(groupId, next + 1);
      writes.rows.groupHistory.add(groupId, block.height, next, block.time, change);
    }
}

function writeProposals(writes: HistoryWrites, block: HistoryBlock): void {
  const { rows, proposals, kept } = writes;
  const { height, time, facts } = block;
  const submitted = new Set<string>();
  for (const fact of facts.submitted) {
    const record = submittedRecord(block, fact, kept, writes.versions);
    const groupId = kept.policies.get(record.group_policy_address)?.group_id ?? '0';
    // As it stood when submitted: what became of it is written as the blocks prove it.
    const asSubmitted = { status: OPEN_STATUS, executor_result: EXECUTOR_NOT_RUN, final_tally_result: ZERO_TALLY };
    proposals.write({ ...record, ...asSubmitted }, groupId, height);
    const entry = { proposalId: fact.proposalId, height, time, kind: 'submitted', txHash: fact.txHash } as const;
    rows.proposals.timelineEntry(entry, OPEN_STATUS);
    submitted.add(fact.proposalId);
  }
  for (const id of facts.withdrawn) {
    proposals.change(id, { status: WITHDRAWN_STATUS }, height);
    // As the follower writes it: a status change is one the proposal did not have when submitted.
    if (!submitted.has(id))
      rows.proposals.timelineEntry({ proposalId: id, height, time, kind: 'status' }, WITHDRAWN_STATUS);
  }
  for (const fact of facts.executed) {
    const detail = JSON.stringify({ result: fact.result, logs: fact.logs });
    const entry = { proposalId: fact.proposalId, height, time, kind: 'executed', txHash: fact.txHash } as const;
    rows.proposals.timelineEntry(entry, null, detail);
    // Only an accepted proposal runs; whether it was decided then or at its voting end is not shown.
    if (fact.result !== EXECUTOR_NOT_RUN)
      proposals.change(fact.proposalId, { status: ACCEPTED_STATUS, executor_result: fact.result }, height);
  }
}

/** The end-blocker's and executions' prunes: a proposal's final status and tally, as the follower writes them. */
async function writePrunes(writes: HistoryWrites, block: HistoryBlock): Promise<void> {
  const { height, time, facts } = block;
  for (const fact of facts.pruned) {
    const final = isTallied(fact.status);
    const succeeded = facts.executed.some(
      (entry) => entry.proposalId === fact.proposalId && entry.result === EXECUTOR_SUCCESS,
    );
    if (writes.proposals.has(fact.proposalId)) {
      const finalTally = final ? fact.tally : undefined;
      const prune = { height, status: fact.status, finalTally, succeeded: final && succeeded };
      await writes.rows.proposals.prune(writes.tx, fact.proposalId, prune);
    }
    const entry = { proposalId: fact.proposalId, height, time, kind: 'pruned' } as const;
    writes.rows.proposals.timelineEntry(entry, fact.status, fact.tally);
  }
}

/**
 * Writes what the blocks below the kept state (and the kept state's own block) prove, oldest
 * first; the kept state is to be written after it, in the same transaction.
 */
export async function writeEventHistory(
  tx: StoreTransaction,
  history: readonly HistoryBlock[],
  kept: KeptState,
): Promise<void> {
  const rows = new BatchRows();
  const writes: HistoryWrites = {
    tx,
    rows,
    proposals: new ProposalsInHistory(rows),
    ledger: new MembershipLedger(),
    kept,
    versions: versionsAtSubmission(history, kept),
  };
  for (const block of history) {
    writeMembership(writes, block);
    for (const vote of block.facts.votes) rows.votes.add(vote, block.height, block.time);
    writeProposals(writes, block);
    await writePrunes(writes, block);
  }
  await rows.flush(tx);
}
