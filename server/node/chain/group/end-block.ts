import type { Millis } from '../records.ts';
import { eventProposalPruned } from './group-events.ts';
import type { GroupStore } from './group-store.ts';
import { MAX_EXECUTION_MS } from './params.ts';
import { tallyAndUpdate } from './tally.ts';

/**
 * The module's EndBlocker: TallyProposalsAtVPEnd (voting ended: open proposals are decided,
 * aborted and withdrawn ones deleted), then PruneProposals (everything 14 days past its end).
 * Deciding a proposal at its voting end emits no event, as on a node; each deletion does.
 */
export function endBlock(store: GroupStore, now: Millis): void {
  const due = [...store.pendingAtEnd].filter((id) => {
    const proposal = store.proposal(id);
    return proposal !== undefined && proposal.votingPeriodEnd < now;
  });
  due.sort((a, b) => (a < b ? -1 : 1));
  for (const id of due) {
    const proposal = store.proposal(id);
    if (!proposal) continue;
    if (proposal.status === 'PROPOSAL_STATUS_ABORTED' || proposal.status === 'PROPOSAL_STATUS_WITHDRAWN') {
      store.pruneProposal(proposal);
      store.events(eventProposalPruned(proposal));
    } else if (proposal.status === 'PROPOSAL_STATUS_SUBMITTED') tallyAndUpdate(store, proposal, now);
    store.pendingAtEnd.delete(id);
  }
  for (const proposal of store.proposals.values()) {
    if (proposal.votingPeriodEnd < now - MAX_EXECUTION_MS) {
      store.pruneProposal(proposal);
      store.events(eventProposalPruned(proposal));
    }
  }
}
