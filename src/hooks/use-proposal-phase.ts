import { useEffect, useState } from 'react';

import type { Proposal } from '../api/schemas.ts';
import { nextPhaseChange, proposalPhase, type ProposalPhase } from '../domain/proposal-phase.ts';

/**
 * The proposal's phase, kept current: the component renders again when voting ends by the clock
 * (one timer for that moment, not a tick every second). Status changes arrive with new data.
 */
export function useProposalPhase(proposal: Pick<Proposal, 'status' | 'voting_period_end'>): ProposalPhase {
  const [now, setNow] = useState(() => Date.now());
  const phase = proposalPhase(proposal, now);
  const changeAt = nextPhaseChange(proposal, now);
  useEffect(() => {
    if (changeAt === null) return;
    // setTimeout holds at most 2^31-1 ms; a later end is re-armed when this one fires.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(changeAt - Date.now(), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [changeAt, now]);
  return phase;
}
