import {
  GroupInfo as GroupInfoProto,
  GroupPolicyInfo,
  PercentageDecisionPolicy,
  proposalExecutorResultFromJSON,
  Proposal as ProposalProto,
  proposalStatusFromJSON,
  ThresholdDecisionPolicy,
} from 'cosmjs-types/cosmos/group/v1/types';
import type { Any } from 'cosmjs-types/google/protobuf/any';
import type { Duration } from 'cosmjs-types/google/protobuf/duration';
import type { Timestamp } from 'cosmjs-types/google/protobuf/timestamp';

import { text } from '../../../lib/apd-dec.ts';
import { ChainError } from '../chain-error.ts';
import { subMillisecondDigits } from '../chain-time.ts';
import type { DecisionPolicy, GroupInfo, Member, Millis, PolicyInfo, Proposal, Vote } from '../records.ts';
import { anyFromJson } from '../tx/any-json.ts';
import { RecordWriter } from './record-writer.ts';

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

/** The simulated chain keeps decision-policy windows in whole seconds. */
function wholeSeconds(value: Duration | undefined, what: string): number {
  if (!value) return 0;
  if (value.nanos !== 0) throw new ChainError(`${what}: the simulated chain keeps whole seconds only`);
  return Number(value.seconds);
}

/** A decision policy as a message carries it: the Any's type picks threshold or percentage. */
export function decisionPolicyFromAny(any: Any | undefined): DecisionPolicy {
  const windowsOf = (windows: { votingPeriod?: Duration; minExecutionPeriod?: Duration } | undefined) => ({
    votingPeriod: wholeSeconds(windows?.votingPeriod, 'voting period'),
    minExecutionPeriod: wholeSeconds(windows?.minExecutionPeriod, 'min execution period'),
  });
  switch (any?.typeUrl) {
    case '/cosmos.group.v1.ThresholdDecisionPolicy': {
      const policy = ThresholdDecisionPolicy.decode(any.value);
      return { kind: 'threshold', threshold: policy.threshold, windows: windowsOf(policy.windows) };
    }
    case '/cosmos.group.v1.PercentageDecisionPolicy': {
      const policy = PercentageDecisionPolicy.decode(any.value);
      return { kind: 'percentage', percentage: policy.percentage, windows: windowsOf(policy.windows) };
    }
    default:
      throw new ChainError(`unable to resolve type URL ${any?.typeUrl ?? ''}: tx parse error`, 'sdk', 2);
  }
}

export const groupInfoBytes = (info: GroupInfo) =>
  GroupInfoProto.encode({
    id: info.id,
    admin: info.admin,
    metadata: info.metadata,
    version: info.version,
    totalWeight: text(info.totalWeight),
    createdAt: protoTime(info.createdAt),
  }).finish();

// Members and votes are the rows that number in the millions: they are written by hand (the same
// bytes as the library's encoders, which group-proto.test.ts checks), at a fraction of the cost.
const writer = new RecordWriter();

const VOTE_OPTIONS: Record<Vote['option'], number> = {
  VOTE_OPTION_YES: 1,
  VOTE_OPTION_ABSTAIN: 2,
  VOTE_OPTION_NO: 3,
  VOTE_OPTION_NO_WITH_VETO: 4,
};

function writeMember(member: Member): RecordWriter {
  writer.reset().varint(1, member.groupId);
  const inner = writer.begin(2);
  writer.text(1, member.address).text(2, member.weight).text(3, member.metadata).time(4, member.addedAt);
  return writer.end(inner);
}

export const groupMemberBytes = (member: Member) => writeMember(member).finish();
/** Writes the stored member into `target` at `at`: its length, or -1 when it does not fit. */
export const groupMemberInto = (member: Member, target: Uint8Array, at: number) =>
  writeMember(member).copyInto(target, at);

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

const writeVote = (vote: Vote) =>
  writer
    .reset()
    .varint(1, vote.proposalId)
    .text(2, vote.voter)
    .varint(3, VOTE_OPTIONS[vote.option])
    .text(4, vote.metadata)
    .time(5, vote.submitTime);

export const voteBytes = (vote: Vote) => writeVote(vote).finish();
/** Writes the stored vote into `target` at `at`: its length, or -1 when it does not fit. */
export const voteInto = (vote: Vote, target: Uint8Array, at: number) => writeVote(vote).copyInto(target, at);
