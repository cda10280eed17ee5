import type { ProposalStatus } from '../api/schemas.ts';

// When the chain decided a proposal. x/group decides at the first block after the voting period
// ends (the end-blocker tallies it, emitting nothing), or earlier inside a transaction (a vote or
// an exec that finds the outcome can no longer change). An archive that read the chain at those
// heights knows the block; one that found the proposal already decided knows only that it was
// decided by the end of its voting period — never that its first sight was the decision.

const DECIDED: ReadonlySet<string> = new Set<ProposalStatus>(['PROPOSAL_STATUS_ACCEPTED', 'PROPOSAL_STATUS_REJECTED']);

/** The part of an archive timeline entry the rule reads. */
export interface TimelineStep {
  kind: string;
  height: string | null;
  time: string | null;
  status: string | null;
}

export type DecisionMoment =
  /** The archive read the block that decided it: at voting end (the end-blocker) or early (a transaction). */
  | { basis: 'at voting end' | 'early'; height: string; time: string }
  /** Decided, but at a block nobody here read: by its voting end at the latest, perhaps earlier. */
  | { basis: 'by voting end'; time: string; firstSeen: { height: string; time: string } | null }
  /** The node's clock says it was decided before voting ended; no record says at which block. */
  | { basis: 'before voting end'; votingEnd: string };

const ms = (value: string | null) => (value === null ? NaN : Date.parse(value));

/**
 * When the chain decided a proposal with this status and voting end, from the archive's
 * timeline (empty without an archive) and the reader's clock `now` (ms). Null for proposals
 * that are not decided (open, withdrawn, aborted), and where nothing says when (a record
 * without its voting end and without the decision's block).
 */
export function decisionMoment(
  proposal: { status: string; voting_period_end: string | null },
  timeline: readonly TimelineStep[],
  now: number,
): DecisionMoment | null {
  if (!DECIDED.has(proposal.status)) return null;
  const observed = observedDecision(proposal, timeline);
  if (observed) return observed;
  if (proposal.voting_period_end === null) return null;
  const end = ms(proposal.voting_period_end);
  if (!Number.isNaN(end) && now < end) return { basis: 'before voting end', votingEnd: proposal.voting_period_end };
  const seen =
    timeline.find((step) => step.kind === 'first_seen') ??
    timeline.find((step) => step.status !== null && DECIDED.has(step.status));
  return {
    basis: 'by voting end',
    time: proposal.voting_period_end,
    firstSeen: seen?.height && seen.time ? { height: seen.height, time: seen.time } : null,
  };
}

/**
 * The block that decided the proposal, where the archive read it: the end-blocker's (at voting
 * end) or a transaction's before it. Its members and weights are the ones the tally counted.
 */
export function observedDecision(
  proposal: { status: string; voting_period_end: string | null },
  timeline: readonly TimelineStep[],
): Extract<DecisionMoment, { height: string }> | null {
  if (!DECIDED.has(proposal.status)) return null;
  const firstSight = timeline.find((step) => step.kind === 'first_seen');
  // Found already decided: the decision was made at a block the archive never read.
  if (firstSight?.status && DECIDED.has(firstSight.status)) return null;
  const decision = timeline.find(
    (step) => step.kind !== 'first_seen' && step.status !== null && DECIDED.has(step.status),
  );
  if (!decision?.height || !decision.time) return null;
  if (decision.kind === 'voting_ended') return { basis: 'at voting end', height: decision.height, time: decision.time };
  // A change the archive saw in a block before voting ended was made by that block's transaction.
  if (ms(decision.time) <= ms(proposal.voting_period_end))
    return { basis: 'early', height: decision.height, time: decision.time };
  return null;
}
