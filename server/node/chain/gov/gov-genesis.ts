import type { GovParams } from './gov-params.ts';
import type { GovDeposit, GovProposal, GovVote } from './gov-records.ts';
import type { GovStore } from './gov-store.ts';
import type { GovView } from './gov-view.ts';
import type { Stake } from './stake.ts';

/** Everything that defines x/gov's state here (the queues follow from the proposals' statuses). */
export interface GovState {
  params: GovParams;
  stake: Stake;
  nextProposalId: bigint;
  proposals: GovProposal[];
  votes: GovVote[];
  deposits: GovDeposit[];
}

/** The state of x/gov (the live one, or a block's frozen view with the sequence it had then). */
export function exportGovState(view: GovView, nextProposalId: bigint): GovState {
  const proposals = view.proposals.values();
  return {
    params: view.params,
    stake: view.stake,
    nextProposalId,
    proposals,
    votes: proposals.flatMap((proposal) => view.votesOf(proposal.id).values()),
    deposits: proposals.flatMap((proposal) => view.depositsOf(proposal.id).values()),
  };
}

export function importGovState(store: GovStore, state: GovState): void {
  store.setGenesis(state.params, state.stake);
  store.nextProposalId = state.nextProposalId;
  for (const proposal of state.proposals) store.putProposal(proposal);
  for (const vote of state.votes) store.putVote(vote);
  for (const deposit of state.deposits) store.putDeposit(deposit);
}
