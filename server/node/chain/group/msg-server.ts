import type { DecisionPolicy, ExecutorResult, Millis, VoteOption } from '../records.ts';
import * as groups from './group-msgs.ts';
import type { MemberInput } from './group-msgs.ts';
import type { GroupStore } from './group-store.ts';
import * as policies from './policy-msgs.ts';
import * as proposals from './proposal-msgs.ts';
import type { SubmitProposalInput } from './proposal-msgs.ts';

export type { MemberInput, SubmitProposalInput };

/**
 * x/group's Msg service over one store: each handler checks a message against the module's
 * rules, then writes. The handlers live by what they act on: group-msgs.ts (groups and their
 * members), policy-msgs.ts (group policies), proposal-msgs.ts (proposals and votes).
 */
export class GroupMsgServer {
  constructor(private readonly store: GroupStore) {}

  createGroup(admin: string, members: MemberInput[], metadata: string, now: Millis): bigint {
    return groups.createGroup(this.store, admin, members, metadata, now);
  }

  createLargeGroup(admin: string, members: MemberInput[], metadata: string, now: Millis): bigint {
    return groups.createLargeGroup(this.store, admin, members, metadata, now);
  }

  updateGroupMembers(groupId: bigint, updates: MemberInput[], now: Millis): void {
    groups.updateGroupMembers(this.store, groupId, updates, now);
  }

  updateGroupMetadata(groupId: bigint, metadata: string): void {
    groups.updateGroupMetadata(this.store, groupId, metadata);
  }

  updateGroupAdmin(groupId: bigint, admin: string): void {
    groups.updateGroupAdmin(this.store, groupId, admin);
  }

  leaveGroup(groupId: bigint, address: string): void {
    groups.leaveGroup(this.store, groupId, address);
  }

  createGroupPolicy(groupId: bigint, admin: string, metadata: string, policy: DecisionPolicy, now: Millis): string {
    return policies.createGroupPolicy(this.store, groupId, admin, metadata, policy, now);
  }

  updateGroupPolicy(
    address: string,
    patch: { metadata?: string; decisionPolicy?: DecisionPolicy; admin?: string },
  ): void {
    policies.updateGroupPolicy(this.store, address, patch);
  }

  submitProposal(input: SubmitProposalInput, now: Millis): bigint {
    return proposals.submitProposal(this.store, input, now);
  }

  vote(proposalId: bigint, voter: string, option: VoteOption, metadata: string, now: Millis, exec = false): void {
    proposals.vote(this.store, proposalId, voter, option, metadata, now, exec);
  }

  exec(proposalId: bigint, now: Millis): ExecutorResult {
    return proposals.exec(this.store, proposalId, now);
  }

  withdraw(proposalId: bigint, address: string): void {
    proposals.withdraw(this.store, proposalId, address);
  }
}
