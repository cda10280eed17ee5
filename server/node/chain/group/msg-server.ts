import { encodeAccAddress } from '../../lib/bech32-sdk.ts';
import { add, isNeg, isZero, parseDec, sub, ZERO, type Dec } from '../../lib/dec.ts';
import { policyAddressBytes } from '../../lib/policy-address.ts';
import { ChainError } from '../chain-error.ts';
import { validateDecisionPolicy } from '../decision-policies/registry.ts';
import {
  ZERO_TALLY,
  type AnyMsg,
  type DecisionPolicy,
  type ExecutorResult,
  type GroupInfo,
  type Member,
  type Millis,
  type Proposal,
  type VoteOption,
} from '../records.ts';
import {
  eventCreateGroup,
  eventCreateGroupPolicy,
  eventExec,
  eventLeaveGroup,
  eventProposalPruned,
  eventSubmitProposal,
  eventUpdateGroup,
  eventUpdateGroupPolicy,
  eventVote,
  eventWithdrawProposal,
} from './group-events.ts';
import { GroupStore, smallWeightOf } from './group-store.ts';
import { checkMetadata, MAX_EXECUTION_PERIOD_S, MAX_METADATA_LEN } from './params.ts';
import { executeProposal } from './proposal-executor.ts';
import { saveProposal, tallyAndUpdate } from './tally.ts';

export interface MemberInput {
  address: string;
  weight: string;
  metadata?: string;
}

export interface SubmitProposalInput {
  policyAddress: string;
  proposers: string[];
  metadata: string;
  messages: AnyMsg[];
  title: string;
  summary: string;
  exec?: boolean;
}

/** x/group's Msg service: each handler checks a message against the module's rules, then writes. */
export class GroupMsgServer {
  constructor(private readonly store: GroupStore) {}

  createGroup(admin: string, members: MemberInput[], metadata: string, now: Millis): bigint {
    checkMetadata(metadata, 'group metadata');
    if (members.length === 0) throw new ChainError('group must not be empty');
    const id = ++this.store.groupSeq;
    let total: Dec = ZERO;
    const seen = new Set<string>();
    for (const member of members) {
      const weight = parseDec(member.weight);
      if (!weight || isNeg(weight) || isZero(weight)) throw new ChainError(`invalid member weight ${member.weight}`);
      const key = this.store.addressKey(member.address);
      if (seen.has(key)) throw new ChainError('duplicate member');
      seen.add(key);
      checkMetadata(member.metadata ?? '', 'member metadata');
      total = add(total, weight);
    }
    this.store.putGroup({ id, admin, metadata, version: 1n, totalWeight: total, createdAt: now });
    for (const member of members) this.store.putMember(this.memberRecord(id, member, now));
    this.store.events(eventCreateGroup(id));
    return id;
  }

  /** Many members at once, for large scenarios; same result as createGroup, sorted once. */
  createLargeGroup(admin: string, members: MemberInput[], metadata: string, now: Millis): bigint {
    const id = ++this.store.groupSeq;
    let total: Dec = ZERO;
    const records = members.map((member) => {
      const record = this.memberRecord(id, member, now);
      if (isZero(record.w)) throw new ChainError(`invalid member weight ${member.weight}`);
      total = add(total, record.w);
      return record;
    });
    this.store.loadMembers(id, records);
    this.store.putGroup({ id, admin, metadata, version: 1n, totalWeight: total, createdAt: now });
    return id;
  }

  private memberRecord(groupId: bigint, input: MemberInput, now: Millis, addedAt?: Millis): Member {
    const weight = parseDec(input.weight);
    if (!weight) throw new ChainError(`invalid weight ${input.weight}`);
    return {
      groupId,
      address: input.address,
      key: this.store.addressKey(input.address),
      weight: input.weight,
      w: weight,
      small: smallWeightOf(weight),
      metadata: input.metadata ?? '',
      addedAt: addedAt ?? now,
    };
  }

  private existingGroup(groupId: bigint): GroupInfo {
    const group = this.store.group(groupId);
    if (!group) throw new ChainError('group: not found');
    return group;
  }

  /** Every group change bumps the group's version; none of them aborts a proposal. */
  private bumpGroup(group: GroupInfo, patch: Partial<GroupInfo>): void {
    this.store.putGroup({ ...group, ...patch, version: group.version + 1n });
  }

  updateGroupMembers(groupId: bigint, updates: MemberInput[], now: Millis): void {
    const group = this.existingGroup(groupId);
    let total = group.totalWeight;
    for (const update of updates) {
      const weight = parseDec(update.weight);
      if (!weight || isNeg(weight)) throw new ChainError(`invalid weight ${update.weight}`);
      checkMetadata(update.metadata ?? '', 'member metadata');
      const key = this.store.addressKey(update.address);
      const existing = this.store.member(groupId, key);
      if (isZero(weight)) {
        if (!existing) throw new ChainError('unknown member: not found');
        total = sub(total, existing.w);
        this.store.removeMember(groupId, key);
        continue;
      }
      if (existing) total = sub(total, existing.w);
      total = add(total, weight);
      this.store.putMember(this.memberRecord(groupId, update, now, existing?.addedAt));
    }
    if (isZero(total)) throw new ChainError('group must not be empty');
    this.bumpGroup(group, { totalWeight: total });
    this.validatePoliciesOf(groupId);
    this.store.events(eventUpdateGroup(groupId));
  }

  updateGroupMetadata(groupId: bigint, metadata: string): void {
    checkMetadata(metadata, 'group metadata');
    this.bumpGroup(this.existingGroup(groupId), { metadata });
    this.store.events(eventUpdateGroup(groupId));
  }

  /** LeaveGroup: unlike a member update, it may leave the group with total weight 0. */
  leaveGroup(groupId: bigint, address: string): void {
    const group = this.existingGroup(groupId);
    const key = this.store.addressKey(address);
    const member = this.store.member(groupId, key);
    if (!member) throw new ChainError('group member: not found');
    this.store.removeMember(groupId, key);
    this.bumpGroup(group, { totalWeight: sub(group.totalWeight, member.w) });
    this.store.events(eventLeaveGroup(groupId, address));
  }

  private validatePoliciesOf(groupId: bigint): void {
    for (let i = 0, keys = this.store.policiesByGroup(groupId); i < keys.size; i++) {
      const policy = this.store.policyByKey(keys.valueAt(i));
      const error = policy && validateDecisionPolicy(policy.decisionPolicy, MAX_EXECUTION_PERIOD_S);
      if (error) throw new ChainError(error);
    }
  }

  createGroupPolicy(groupId: bigint, admin: string, metadata: string, policy: DecisionPolicy, now: Millis): string {
    checkMetadata(metadata, 'group policy metadata');
    this.existingGroup(groupId);
    const error = validateDecisionPolicy(policy, MAX_EXECUTION_PERIOD_S);
    if (error) throw new ChainError(error);
    const bytes = policyAddressBytes(++this.store.policySeq);
    const address = encodeAccAddress(bytes);
    const key = bytes.toString('latin1');
    this.store.addressBook.set(address, key);
    this.store.putPolicy({
      address,
      key,
      groupId,
      admin,
      metadata,
      version: 1n,
      decisionPolicy: policy,
      createdAt: now,
    });
    this.store.events(eventCreateGroupPolicy(address));
    return address;
  }

  /** Any policy update bumps its version and aborts its proposals still in voting. */
  updateGroupPolicy(address: string, patch: { metadata?: string; decisionPolicy?: DecisionPolicy }): void {
    const policy = this.store.policyOf(address);
    if (!policy) throw new ChainError('group policy: not found');
    if (patch.metadata !== undefined) checkMetadata(patch.metadata, 'group policy metadata');
    if (patch.decisionPolicy) {
      const error = validateDecisionPolicy(patch.decisionPolicy, MAX_EXECUTION_PERIOD_S);
      if (error) throw new ChainError(error);
    }
    this.store.putPolicy({ ...policy, ...patch, version: policy.version + 1n });
    const ids = this.store.proposalsByPolicy(policy.key);
    for (let i = 0; i < ids.size; i++) {
      const proposal = this.store.proposal(ids.valueAt(i));
      if (proposal?.status === 'PROPOSAL_STATUS_SUBMITTED') {
        saveProposal(this.store, { ...proposal, status: 'PROPOSAL_STATUS_ABORTED' });
      }
    }
    this.store.events(eventUpdateGroupPolicy(address));
  }

  submitProposal(input: SubmitProposalInput, now: Millis): bigint {
    const policy = this.store.policyOf(input.policyAddress);
    if (!policy) throw new ChainError('group policy: not found');
    const group = this.existingGroup(policy.groupId);
    checkMetadata(input.metadata, 'metadata');
    checkMetadata(input.title, 'title');
    checkMetadata(input.summary, 'summary', MAX_METADATA_LEN * 40);
    if (input.proposers.length === 0) throw new ChainError('proposers: value is empty');
    if (new Set(input.proposers).size !== input.proposers.length) throw new ChainError('proposers: duplicate value');
    for (const proposer of input.proposers) {
      if (!this.store.member(group.id, this.store.addressKey(proposer)))
        throw new ChainError(`not in group: ${proposer}`);
    }
    const id = ++this.store.proposalSeq;
    const proposal: Proposal = {
      id,
      policyAddress: policy.address,
      metadata: input.metadata,
      proposers: input.proposers,
      submitTime: now,
      groupVersion: group.version,
      policyVersion: policy.version,
      status: 'PROPOSAL_STATUS_SUBMITTED',
      finalTally: ZERO_TALLY,
      votingPeriodEnd: now + policy.decisionPolicy.windows.votingPeriod * 1000,
      executorResult: 'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
      messages: input.messages,
      title: input.title,
      summary: input.summary,
    };
    this.store.putProposal(proposal);
    this.store.pendingAtEnd.add(id);
    this.store.events(eventSubmitProposal(id));
    if (input.exec) {
      // EXEC_TRY: every proposer votes yes, then the proposal is executed if it can be.
      for (const proposer of input.proposers) this.vote(id, proposer, 'VOTE_OPTION_YES', '', now);
      this.exec(id, now);
    }
    return id;
  }

  vote(proposalId: bigint, voter: string, option: VoteOption, metadata: string, now: Millis, exec = false): void {
    this.castVote(proposalId, voter, option, metadata, now);
    this.store.events(eventVote(proposalId));
    if (exec) this.exec(proposalId, now);
  }

  private castVote(proposalId: bigint, voter: string, option: VoteOption, metadata: string, now: Millis): void {
    checkMetadata(metadata, 'metadata');
    const proposal = this.store.proposal(proposalId);
    if (!proposal) throw new ChainError('load proposal: not found');
    if (proposal.status !== 'PROPOSAL_STATUS_SUBMITTED') throw new ChainError('proposal not open for voting');
    if (now > proposal.votingPeriodEnd) throw new ChainError('voting period has ended already');
    const policy = this.store.policyOf(proposal.policyAddress);
    if (!policy) throw new ChainError('group policy: not found');
    const voterKey = this.store.addressKey(voter);
    if (!this.store.member(policy.groupId, voterKey)) throw new ChainError('voter: not found');
    if (this.store.vote(proposalId, voterKey)) throw new ChainError('store: unique constraint violation');
    this.store.putVote({ proposalId, voter, voterKey, option, metadata, submitTime: now });
  }

  /** MsgExec: tallies an open proposal first; runs an accepted one; a success prunes it at once. */
  exec(proposalId: bigint, now: Millis): ExecutorResult {
    let proposal = this.store.proposal(proposalId);
    if (!proposal) throw new ChainError('load proposal: not found');
    if (proposal.status !== 'PROPOSAL_STATUS_SUBMITTED' && proposal.status !== 'PROPOSAL_STATUS_ACCEPTED') {
      throw new ChainError(`not possible to exec with proposal status ${proposal.status}`);
    }
    if (proposal.status === 'PROPOSAL_STATUS_SUBMITTED') proposal = tallyAndUpdate(this.store, proposal, now);
    let logs = '';
    if (
      proposal.status === 'PROPOSAL_STATUS_ACCEPTED' &&
      proposal.executorResult !== 'PROPOSAL_EXECUTOR_RESULT_SUCCESS'
    ) {
      const policy = this.store.policyOf(proposal.policyAddress);
      const failure = policy ? executeProposal(this.store, proposal, policy, now) : 'group policy: not found';
      if (failure !== null) logs = `proposal execution failed on proposal ${proposal.id}, because of error ${failure}`;
      const executorResult = failure === null ? 'PROPOSAL_EXECUTOR_RESULT_SUCCESS' : 'PROPOSAL_EXECUTOR_RESULT_FAILURE';
      proposal = { ...proposal, executorResult };
      if (failure === null) {
        this.store.pruneProposal(proposal);
        this.store.events(eventProposalPruned(proposal));
      } else saveProposal(this.store, proposal);
    }
    this.store.events(eventExec(proposal.id, proposal.executorResult, logs));
    return proposal.executorResult;
  }

  withdraw(proposalId: bigint, address: string): void {
    const proposal = this.store.proposal(proposalId);
    if (!proposal) throw new ChainError('load proposal: not found');
    if (proposal.status !== 'PROPOSAL_STATUS_SUBMITTED') {
      throw new ChainError('cannot withdraw a proposal with the status of ' + proposal.status);
    }
    const policy = this.store.policyOf(proposal.policyAddress);
    if (address !== policy?.admin && !proposal.proposers.includes(address)) throw new ChainError('unauthorized');
    saveProposal(this.store, { ...proposal, status: 'PROPOSAL_STATUS_WITHDRAWN' });
    this.store.events(eventWithdrawProposal(proposalId));
  }
}
