import type { GroupInfo, Member, PolicyInfo, Proposal, Vote } from '../records.ts';
import type { GroupStore } from './group-store.ts';

/** Everything that defines x/group's state (indexes are derived from it). */
export interface GroupState {
  seqs: [bigint, bigint, bigint];
  groups: GroupInfo[];
  members: Member[];
  policies: PolicyInfo[];
  proposals: Proposal[];
  votes: Vote[];
  balances: [string, bigint][];
  pendingAtEnd: bigint[];
}

/** ExportGenesis, in an order that imports back to the same tables. */
export function exportGroupState(store: GroupStore): GroupState {
  const groups = store.groups.values();
  const proposals = store.proposals.values();
  const members = groups.flatMap((group) => store.membersOf(group.id).values());
  const votes = proposals.flatMap((proposal) => store.votesOf(proposal.id).values());
  return {
    seqs: [store.groupSeq, store.policySeq, store.proposalSeq],
    groups,
    members,
    policies: store.allPolicies(),
    proposals,
    votes,
    balances: [...store.balances.entries()],
    pendingAtEnd: [...store.pendingAtEnd],
  };
}

export function importGroupState(store: GroupStore, state: GroupState): void {
  [store.groupSeq, store.policySeq, store.proposalSeq] = state.seqs;
  for (const group of state.groups) store.putGroup(group);
  for (const member of state.members) store.putMember(member);
  for (const policy of state.policies) store.putPolicy(policy);
  for (const proposal of state.proposals) store.putProposal(proposal);
  for (const vote of state.votes) store.putVote(vote);
  for (const [key, balance] of state.balances) store.balances.set(key, balance);
  for (const id of state.pendingAtEnd) store.pendingAtEnd.add(id);
}
