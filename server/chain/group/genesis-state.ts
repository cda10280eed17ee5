import { u64Key } from '../../store/keys.ts';
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
  const members: Member[] = [];
  for (let i = 0; i < store.groups.size; i++) {
    const table = store.members.of(store.groups.keyAt(i));
    for (let j = 0; j < table.size; j++) members.push(table.valueAt(j));
  }
  const votes: Vote[] = [];
  for (const id of store.proposals.keys()) {
    const table = store.votesByProposal.of(u64Key(id));
    for (let j = 0; j < table.size; j++) votes.push(table.valueAt(j));
  }
  return {
    seqs: [store.groupSeq, store.policySeq, store.proposalSeq],
    groups: store.groups.values(),
    members,
    policies: [...store.policies.values()],
    proposals: [...store.proposals.values()],
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
