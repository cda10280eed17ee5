import type { ProposalStatus } from '../api/schemas.ts';
import { proposalPhase } from './proposal-phase.ts';

// How often a page showing a proposal asks again, so that it follows the chain to the end
// without a reload: a decision, an execution, a withdrawal, an abort or a prune shows within
// two blocks, and a proposal that can no longer change is not asked about at all.

/** While voting is open, the proposal is read this rarely (in blocks): the tally follows every block and reports changes. */
export const VOTING_PROPOSAL_POLL_BLOCKS = 10;

interface Watched {
  status: ProposalStatus;
  voting_period_end: string;
  executor_result: string;
}

/**
 * Milliseconds between reads of the node's proposal, or false when it can no longer change.
 * Voting: rarely (the tally, read every block, asks for the proposal when it stops answering or
 * its outcome moves). Voting over: every block until the end-blocker decides. Accepted but not
 * executed: every block, as anyone may execute it, which prunes it at once.
 */
export function proposalPollMs(proposal: Watched, now: number, paceMs: number): number | false {
  const phase = proposalPhase(proposal, now);
  if (phase === 'voting') return Math.max(15_000, paceMs * VOTING_PROPOSAL_POLL_BLOCKS);
  if (phase === 'awaiting final tally') return paceMs;
  if (proposal.status === 'PROPOSAL_STATUS_ACCEPTED' && proposal.executor_result !== 'PROPOSAL_EXECUTOR_RESULT_SUCCESS')
    return paceMs;
  return false;
}

/** What the node says about the proposal now. */
export type NodeView =
  | { kind: 'stored'; status: ProposalStatus }
  /** The node answered "not found" for a proposal the page was showing: it was pruned. */
  | { kind: 'gone' }
  | { kind: 'unknown' };

interface ArchiveView {
  status: ProposalStatus;
  on_chain: boolean;
}

/**
 * Whether the archive's record is behind what the node shows (the archive follows a block or
 * two behind): read it again every block until it catches up. An archive that has no record
 * yet is asked again too while the node says the proposal was decided or pruned.
 */
export function archiveLags(node: NodeView, archive: ArchiveView | null | undefined): boolean {
  if (node.kind === 'unknown') return false;
  const decidedOnNode = node.kind === 'gone' || node.status !== 'PROPOSAL_STATUS_SUBMITTED';
  if (!decidedOnNode) return false;
  if (!archive) return true;
  if (node.kind === 'gone') return archive.on_chain || archive.status === 'PROPOSAL_STATUS_SUBMITTED';
  return archive.status !== node.status;
}

/** A tally the node refuses for this reason means the proposal itself changed: read it again. */
export function tallyRefusalMeansChange(errorKind: string | undefined): boolean {
  // Pruned: "not found"; withdrawn or aborted: "can't get the tally of a proposal with status …".
  return errorKind === 'not-found' || errorKind === 'bad-request';
}
