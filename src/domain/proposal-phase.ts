import type { Proposal, ProposalStatus } from '../api/schemas.ts';
import { instant } from '../lib/time.ts';

// Where a proposal is in its life, from its status and the clock. x/group keeps the status at
// SUBMITTED after voting ends until the end-blocker tallies it, so the clock splits SUBMITTED
// in two; every other status fixes the phase by itself.

export type ProposalPhase = 'voting' | 'awaiting final tally' | 'final' | 'no tally';

const PHASE_OF_STATUS = {
  PROPOSAL_STATUS_SUBMITTED: 'by the clock',
  PROPOSAL_STATUS_ACCEPTED: 'final',
  PROPOSAL_STATUS_REJECTED: 'final',
  // The chain refuses to tally withdrawn and aborted proposals.
  PROPOSAL_STATUS_WITHDRAWN: 'no tally',
  PROPOSAL_STATUS_ABORTED: 'no tally',
  // x/group never stores this status; read like a decided proposal, its tally is asked for once.
  PROPOSAL_STATUS_UNSPECIFIED: 'final',
} as const satisfies Record<ProposalStatus, ProposalPhase | 'by the clock'>;

interface PhaseRule {
  /** Votes can still arrive, so the tally moves: poll it. */
  live: boolean;
  /** The status is still SUBMITTED: the proposal can change by itself, and its votes are all stored. */
  undecided: boolean;
  /** The chain answers a tally query. */
  hasTally: boolean;
  /** The chain has pruned the votes; only the final tally remains. */
  votesPruned: boolean;
}

export const PHASES = {
  voting: { live: true, undecided: true, hasTally: true, votesPruned: false },
  'awaiting final tally': { live: false, undecided: true, hasTally: true, votesPruned: false },
  final: { live: false, undecided: false, hasTally: true, votesPruned: true },
  'no tally': { live: false, undecided: false, hasTally: false, votesPruned: false },
} as const satisfies Record<ProposalPhase, PhaseRule>;

/** The phase at `now` (ms); voting is open up to and including the instant its period ends. */
export function proposalPhase(proposal: Pick<Proposal, 'status' | 'voting_period_end'>, now: number): ProposalPhase {
  const phase = PHASE_OF_STATUS[proposal.status];
  if (phase !== 'by the clock') return phase;
  const end = instant(proposal.voting_period_end);
  return end !== null && now <= end.getTime() ? 'voting' : 'awaiting final tally';
}

/** Still SUBMITTED: voting, or waiting for the end-blocker. Needs no clock, as both phases are undecided. */
export const isUndecided = (status: ProposalStatus) => PHASE_OF_STATUS[status] === 'by the clock';

/** When the phase will change by the clock alone (ms), or null when only the chain can change it. */
export function nextPhaseChange(proposal: Pick<Proposal, 'status' | 'voting_period_end'>, now: number): number | null {
  if (proposalPhase(proposal, now) !== 'voting') return null;
  return instant(proposal.voting_period_end)!.getTime() + 1;
}
