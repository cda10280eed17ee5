import type { GroupInfo, Member, PolicyInfo, Proposal, Vote } from '../records.ts';
import type { GroupStore } from './group-store.ts';
import type { GroupView } from './group-view.ts';

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

/** What x/group's state holds beside its tables: kept apart from a block's frozen view. */
export type GroupExtras = Pick<GroupState, 'seqs' | 'balances' | 'pendingAtEnd'>;

/** The live store's extras as they are now (a copy: later blocks do not change it). */
export const groupExtrasOf = (store: GroupStore): GroupExtras => ({
  seqs: [store.groupSeq, store.policySeq, store.proposalSeq],
  balances: [...store.balances.entries()],
  pendingAtEnd: [...store.pendingAtEnd],
});

/** ExportGenesis of a state (the live one, or a block's), in an order that imports back to the same tables. */
export function exportGroupState(view: GroupView, extras: GroupExtras): GroupState {
  const groups = view.groups.values();
  const proposals = view.proposals.values();
  const members = groups.flatMap((group) => view.membersOf(group.id).values());
  const votes = proposals.flatMap((proposal) => view.votesOf(proposal.id).values());
  return { ...extras, groups, members, policies: view.allPolicies(), proposals, votes };
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
