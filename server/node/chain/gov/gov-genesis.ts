import type { GovParams } from './gov-params.ts';
import type { GovDeposit, GovProposal, GovVote } from './gov-records.ts';
import type { GovStore } from './gov-store.ts';
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

export function exportGovState(store: GovStore): GovState {
  const proposals = store.proposals.values();
  return {
    params: store.params,
    stake: store.stake,
    nextProposalId: store.nextProposalId,
    proposals,
    votes: proposals.flatMap((proposal) => store.votesOf(proposal.id).values()),
    deposits: proposals.flatMap((proposal) => store.depositsOf(proposal.id).values()),
  };
}

export function importGovState(store: GovStore, state: GovState): void {
  store.setGenesis(state.params, state.stake);
  store.nextProposalId = state.nextProposalId;
  for (const proposal of state.proposals) store.putProposal(proposal);
  for (const vote of state.votes) store.putVote(vote);
  for (const deposit of state.deposits) store.putDeposit(deposit);
}
