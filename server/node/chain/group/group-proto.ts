import {
  GroupInfo as GroupInfoProto,
  GroupMember,
  GroupPolicyInfo,
  PercentageDecisionPolicy,
  proposalExecutorResultFromJSON,
  Proposal as ProposalProto,
  proposalStatusFromJSON,
  ThresholdDecisionPolicy,
  voteOptionFromJSON,
  Vote as VoteProto,
} from 'cosmjs-types/cosmos/group/v1/types';
import type { Timestamp } from 'cosmjs-types/google/protobuf/timestamp';

import { text } from '../../lib/dec.ts';
import { subMillisecondDigits } from '../chain-time.ts';
import type { DecisionPolicy, GroupInfo, Member, Millis, PolicyInfo, Proposal, Vote } from '../records.ts';
import { anyFromJson } from '../tx/any-json.ts';

// x/group's records as its ORM stores them: each table row is the record's protobuf bytes.

/** A chain time as a Timestamp: the same nanoseconds its RFC 3339 text shows (chain-time.ts). */
export function protoTime(time: Millis): Timestamp {
  const millisecond = ((time % 1000) + 1000) % 1000;
  return {
    seconds: BigInt((time - millisecond) / 1000),
    nanos: millisecond * 1_000_000 + Number(subMillisecondDigits(time)),
  };
}

const duration = (seconds: number) => ({ seconds: BigInt(seconds), nanos: 0 });

export const groupInfoBytes = (info: GroupInfo) =>
  GroupInfoProto.encode({
    id: info.id,
    admin: info.admin,
    metadata: info.metadata,
    version: info.version,
    totalWeight: text(info.totalWeight),
    createdAt: protoTime(info.createdAt),
  }).finish();

export const groupMemberBytes = (member: Member) =>
  GroupMember.encode({
    groupId: member.groupId,
    member: {
      address: member.address,
      weight: member.weight,
      metadata: member.metadata,
      addedAt: protoTime(member.addedAt),
    },
  }).finish();

function decisionPolicyAny(policy: DecisionPolicy) {
  const windows = {
    votingPeriod: duration(policy.windows.votingPeriod),
    minExecutionPeriod: duration(policy.windows.minExecutionPeriod),
  };
  return policy.kind === 'threshold'
    ? {
        typeUrl: '/cosmos.group.v1.ThresholdDecisionPolicy',
        value: ThresholdDecisionPolicy.encode({ threshold: policy.threshold, windows }).finish(),
      }
    : {
        typeUrl: '/cosmos.group.v1.PercentageDecisionPolicy',
        value: PercentageDecisionPolicy.encode({ percentage: policy.percentage, windows }).finish(),
      };
}

export const policyInfoBytes = (info: PolicyInfo) =>
  GroupPolicyInfo.encode({
    address: info.address,
    groupId: info.groupId,
    admin: info.admin,
    metadata: info.metadata,
    version: info.version,
    decisionPolicy: decisionPolicyAny(info.decisionPolicy),
    createdAt: protoTime(info.createdAt),
  }).finish();

export const proposalBytes = (proposal: Proposal) =>
  ProposalProto.encode({
    id: proposal.id,
    groupPolicyAddress: proposal.policyAddress,
    metadata: proposal.metadata,
    proposers: [...proposal.proposers],
    submitTime: protoTime(proposal.submitTime),
    groupVersion: proposal.groupVersion,
    groupPolicyVersion: proposal.policyVersion,
    status: proposalStatusFromJSON(proposal.status),
    finalTallyResult: {
      yesCount: proposal.finalTally.yes,
      abstainCount: proposal.finalTally.abstain,
      noCount: proposal.finalTally.no,
      noWithVetoCount: proposal.finalTally.veto,
    },
    votingPeriodEnd: protoTime(proposal.votingPeriodEnd),
    executorResult: proposalExecutorResultFromJSON(proposal.executorResult),
    messages: proposal.messages.map(anyFromJson),
    title: proposal.title,
    summary: proposal.summary,
  }).finish();

export const voteBytes = (vote: Vote) =>
  VoteProto.encode({
    proposalId: vote.proposalId,
    voter: vote.voter,
    option: voteOptionFromJSON(vote.option),
    metadata: vote.metadata,
    submitTime: protoTime(vote.submitTime),
  }).finish();
