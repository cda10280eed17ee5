import { toBech32 } from '@cosmjs/encoding';
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci';
import {
  execToJSON,
  MsgCreateGroup,
  MsgCreateGroupWithPolicy,
  MsgExec,
  MsgLeaveGroup,
  MsgSubmitProposal,
  MsgSubmitProposalResponse,
  MsgUpdateGroupMembers,
  MsgVote,
  MsgWithdrawProposal,
} from 'cosmjs-types/cosmos/group/v1/tx';
import {
  GroupMember,
  GroupPolicyInfo,
  PercentageDecisionPolicy,
  Proposal,
  proposalExecutorResultToJSON,
  proposalStatusToJSON,
  ThresholdDecisionPolicy,
  Vote,
  voteOptionToJSON,
} from 'cosmjs-types/cosmos/group/v1/types';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { Plan } from 'cosmjs-types/cosmos/upgrade/v1beta1/upgrade';
import type { Any } from 'cosmjs-types/google/protobuf/any';
import type { Duration } from 'cosmjs-types/google/protobuf/duration';

import { bankRecord } from './bank-record.ts';

// What proven bytes say, in the archive's words: a transaction's x/group messages and a store
// record's fields, flattened to strings so a bundle's claim can be compared field by field. The
// verifier reads the bytes itself; the claim is only what the archive says they hold.

export type Statement = Record<string, string>;

const memberList = (members: readonly { address: string; weight: string }[]) =>
  members.map((member) => `${member.address}=${member.weight}`).join(',');

type MessageReader = (value: Uint8Array) => Statement;
const MESSAGES: Record<string, MessageReader> = {
  '/cosmos.group.v1.MsgVote': (value) => {
    const msg = MsgVote.decode(value);
    return {
      kind: 'vote',
      proposal_id: msg.proposalId.toString(),
      voter: msg.voter,
      option: voteOptionToJSON(msg.option),
      exec: execToJSON(msg.exec),
    };
  },
  '/cosmos.group.v1.MsgSubmitProposal': (value) => {
    const msg = MsgSubmitProposal.decode(value);
    return {
      kind: 'submit-proposal',
      group_policy_address: msg.groupPolicyAddress,
      proposers: msg.proposers.join(','),
      title: msg.title,
      exec: execToJSON(msg.exec),
    };
  },
  '/cosmos.group.v1.MsgExec': (value) => {
    const msg = MsgExec.decode(value);
    return { kind: 'exec', proposal_id: msg.proposalId.toString(), executor: msg.executor };
  },
  '/cosmos.group.v1.MsgWithdrawProposal': (value) => {
    const msg = MsgWithdrawProposal.decode(value);
    return { kind: 'withdraw', proposal_id: msg.proposalId.toString(), address: msg.address };
  },
  '/cosmos.group.v1.MsgUpdateGroupMembers': (value) => {
    const msg = MsgUpdateGroupMembers.decode(value);
    return {
      kind: 'update-members',
      group_id: msg.groupId.toString(),
      admin: msg.admin,
      members: memberList(msg.memberUpdates),
    };
  },
  '/cosmos.group.v1.MsgCreateGroup': (value) => {
    const msg = MsgCreateGroup.decode(value);
    return { kind: 'create-group', admin: msg.admin, members: memberList(msg.members) };
  },
  '/cosmos.group.v1.MsgCreateGroupWithPolicy': (value) => {
    const msg = MsgCreateGroupWithPolicy.decode(value);
    return { kind: 'create-group', admin: msg.admin, members: memberList(msg.members) };
  },
  '/cosmos.group.v1.MsgLeaveGroup': (value) => {
    const msg = MsgLeaveGroup.decode(value);
    return { kind: 'leave-group', group_id: msg.groupId.toString(), address: msg.address };
  },
};

/**
 * A submission names its proposal only in its result (MsgSubmitProposalResponse), which the
 * results hash proves like the transaction; with EXEC_TRY, a submission also casts its proposers'
 * YES votes and tries to execute, and a vote tries to execute its proposal.
 */
function withConsequences(statement: Statement, response: Uint8Array | undefined): Statement[] {
  if (statement.kind === 'submit-proposal' && response) {
    statement.proposal_id = MsgSubmitProposalResponse.decode(response).proposalId.toString();
  }
  if (statement.exec !== 'EXEC_TRY' || !statement.proposal_id) return [statement];
  const consequences: Statement[] = [{ kind: 'exec', proposal_id: statement.proposal_id, by: statement.kind }];
  if (statement.kind === 'submit-proposal') {
    for (const voter of statement.proposers.split(',')) {
      consequences.push({
        kind: 'vote',
        proposal_id: statement.proposal_id,
        voter,
        option: 'VOTE_OPTION_YES',
        by: 'submit-proposal',
      });
    }
  }
  return [statement, ...consequences];
}

/** What a transaction did, from its bytes and its result's data; unknown types are named, never guessed at. */
export function messagesOfTx(
  tx: Uint8Array,
  resultData: Uint8Array = new Uint8Array(),
): Statement[] | { problem: string } {
  try {
    const body = TxBody.decode(TxRaw.decode(tx).bodyBytes);
    const responses = resultData.length > 0 ? TxMsgData.decode(resultData).msgResponses : [];
    return body.messages.flatMap((message, index) => {
      const reader = MESSAGES[message.typeUrl];
      const statement = reader ? reader(message.value) : { kind: 'other', type_url: message.typeUrl };
      return withConsequences(statement, responses[index]?.value);
    });
  } catch (error) {
    return { problem: `the transaction does not decode: ${error instanceof Error ? error.message : String(error)}` };
  }
}

const idOf = (key: Uint8Array, start: number) =>
  new DataView(key.buffer, key.byteOffset + start, 8).getBigUint64(0, false).toString();

/** A duration as the node's JSON writes it: whole seconds, or 3, 6 or 9 fractional digits, then "s". */
export function durationText(duration: Duration | undefined): string {
  const seconds = duration?.seconds ?? 0n;
  const nanos = duration?.nanos ?? 0;
  if (nanos === 0) return `${seconds}s`;
  const digits = String(Math.abs(nanos)).padStart(9, '0');
  const shown = digits.endsWith('000000') ? digits.slice(0, 3) : digits.endsWith('000') ? digits.slice(0, 6) : digits;
  const sign = seconds < 0n || nanos < 0 ? '-' : '';
  return `${sign}${seconds < 0n ? -seconds : seconds}.${shown}s`;
}

const THRESHOLD = '/cosmos.group.v1.ThresholdDecisionPolicy';
const PERCENTAGE = '/cosmos.group.v1.PercentageDecisionPolicy';

/** A decision policy in one line, the same words whether read from proven bytes or the node's JSON. */
export function decisionPolicyLine(
  typeUrl: string,
  rule: { threshold?: string; percentage?: string },
  votingPeriod: string,
  minExecutionPeriod: string,
): string {
  const windows = `voting period ${votingPeriod}, minimum execution period ${minExecutionPeriod}`;
  if (typeUrl === THRESHOLD) return `threshold ${rule.threshold ?? '?'}, ${windows}`;
  if (typeUrl === PERCENTAGE) return `percentage ${rule.percentage ?? '?'}, ${windows}`;
  return `decision policy ${typeUrl}`;
}

function decisionPolicyOf(policy: Any | undefined): string {
  const typeUrl = policy?.typeUrl ?? '(none)';
  const rule =
    typeUrl === THRESHOLD
      ? ThresholdDecisionPolicy.decode(policy!.value)
      : typeUrl === PERCENTAGE
        ? PercentageDecisionPolicy.decode(policy!.value)
        : null;
  if (rule === null) return decisionPolicyLine(typeUrl, {}, '', '');
  return decisionPolicyLine(
    typeUrl,
    rule,
    durationText(rule.windows?.votingPeriod),
    durationText(rule.windows?.minExecutionPeriod),
  );
}

/**
 * x/group's ORM keys: a table's two-byte prefix, then the row's primary key — ids as 8 big-endian
 * bytes, an address (the key's last part) as its raw bytes.
 */
function groupRecord(key: Uint8Array, value: Uint8Array | null, prefix: string): Statement {
  // A table's rows sit under its prefix byte and 0x00; indexes and sequences under their own byte.
  const table = key[1] === 0x00 ? key[0] : -1;
  if (table === 0x30 && key.length === 10) {
    const id = idOf(key, 2);
    if (value === null) return { kind: 'proposal', proposal_id: id, stored: 'no' };
    const proposal = Proposal.decode(value);
    const tally = proposal.finalTallyResult;
    return {
      kind: 'proposal',
      proposal_id: proposal.id.toString(),
      stored: 'yes',
      status: proposalStatusToJSON(proposal.status),
      executor_result: proposalExecutorResultToJSON(proposal.executorResult),
      final_tally: tally ? [tally.yesCount, tally.noCount, tally.abstainCount, tally.noWithVetoCount].join('/') : '',
      group_policy_address: proposal.groupPolicyAddress,
    };
  }
  if (table === 0x40 && key.length > 10) {
    const voter = toBech32(prefix, key.slice(10));
    if (value === null) return { kind: 'vote', proposal_id: idOf(key, 2), voter, stored: 'no' };
    const vote = Vote.decode(value);
    return {
      kind: 'vote',
      proposal_id: vote.proposalId.toString(),
      voter: vote.voter,
      option: voteOptionToJSON(vote.option),
      stored: 'yes',
    };
  }
  if (table === 0x10 && key.length > 10) {
    const address = toBech32(prefix, key.slice(10));
    if (value === null) return { kind: 'member', group_id: idOf(key, 2), address, stored: 'no' };
    const member = GroupMember.decode(value);
    return {
      kind: 'member',
      group_id: member.groupId.toString(),
      address: member.member?.address ?? '',
      weight: member.member?.weight ?? '',
      stored: 'yes',
    };
  }
  // A policy's row id is its address behind a length byte.
  if (table === 0x20 && key.length > 3 && key[2] === key.length - 3) {
    const address = toBech32(prefix, key.slice(3));
    if (value === null) return { kind: 'policy', address, stored: 'no' };
    const policy = GroupPolicyInfo.decode(value);
    return {
      kind: 'policy',
      address: policy.address,
      group_id: policy.groupId.toString(),
      admin: policy.admin,
      version: policy.version.toString(),
      decision_policy: decisionPolicyOf(policy.decisionPolicy),
      stored: 'yes',
    };
  }
  // The proposal table's sequence: the last id it gave (8 bytes big-endian), every proposal's bound.
  if (key[0] === 0x31 && key.length === 2 && key[1] === 0x01)
    return { kind: 'proposal-sequence', last_id: value === null ? '0' : idOf(value, 0) };
  // The proposals-by-policy index: the policy's address behind a length byte, then the proposal id.
  if (key[0] === 0x32 && key.length > 2 && key[1] === key.length - 10)
    return {
      kind: 'proposal-index',
      group_policy_address: toBech32(prefix, key.slice(2, 2 + key[1])),
      proposal_id: idOf(key, 2 + key[1]),
    };
  // The policies-by-group index: the group id, then the policy's address behind a length byte.
  if (key[0] === 0x22 && key.length > 10 && key[9] === key.length - 10)
    return { kind: 'policy-index', group_id: idOf(key, 1), address: toBech32(prefix, key.slice(10)) };
  return { kind: 'group-store-record', table: (key[0] ?? 0).toString(16) };
}

function upgradeRecord(key: Uint8Array, value: Uint8Array | null): Statement {
  if (key.length === 1 && key[0] === 0x00) {
    if (value === null) return { kind: 'upgrade-plan', scheduled: 'no' };
    const plan = Plan.decode(value);
    return { kind: 'upgrade-plan', scheduled: 'yes', name: plan.name, height: plan.height.toString() };
  }
  // The done marker: 0x01, the height it was applied at (8 bytes big-endian), the plan's name.
  if (key[0] === 0x01 && key.length > 9) {
    const name = new TextDecoder().decode(key.slice(9));
    const height = idOf(key, 1);
    return { kind: 'upgrade-applied', name, height, applied: value === null ? 'no' : 'yes' };
  }
  return { kind: 'upgrade-store-record', table: key[0]?.toString(16) ?? '' };
}

/** What a store record says (absent when value is null); addresses in the chain's bech32 prefix. */
export function statementOfRecord(store: string, key: Uint8Array, value: Uint8Array | null, prefix: string): Statement {
  try {
    if (store === 'group') return groupRecord(key, value, prefix);
    if (store === 'upgrade') return upgradeRecord(key, value);
    if (store === 'bank') return bankRecord(key, value, prefix);
    return { kind: 'record', store };
  } catch (error) {
    return { kind: 'undecodable', problem: error instanceof Error ? error.message : String(error) };
  }
}

/** Fields the claim names that the proven bytes do not say the same way. */
export function claimMismatch(claim: Statement, proven: Statement): string | null {
  for (const [field, value] of Object.entries(claim)) {
    if (proven[field] !== value)
      return `the archive says ${field} is ${value || '(empty)'}, the proven bytes say ${proven[field] ?? 'nothing'}`;
  }
  return null;
}
