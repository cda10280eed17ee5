import { voteOptionFromJSON as govVoteOptionFromJSON } from 'cosmjs-types/cosmos/gov/v1/gov';
import { Exec } from 'cosmjs-types/cosmos/group/v1/tx';
import { voteOptionFromJSON } from 'cosmjs-types/cosmos/group/v1/types';

import { GO_ZERO_TIME, type Coin, type ProposalMsg } from '../../chain/gov/gov-records.ts';
import { GOV_MODULE_ADDRESS } from '../../chain/gov/module-account.ts';
import { proposalMsgToAny } from '../../chain/gov/proposal-msgs.ts';
import type { MemberInput, SubmitProposalInput } from '../../chain/group/msg-server.ts';
import type { AnyMsg, VoteOption } from '../../chain/records.ts';
import { anyFromJson } from '../../chain/tx/any-json.ts';
import type { ChainMsg } from '../../chain/tx/chain-msgs.ts';
import type { Plan } from '../../chain/upgrade/keeper.ts';

// The transactions simulated users send, built as the protobuf messages a wallet would sign.

const exec = (tryNow: boolean | undefined) => (tryNow ? Exec.EXEC_TRY : Exec.EXEC_UNSPECIFIED);

export const voteMsg = (
  proposalId: bigint,
  voter: string,
  option: VoteOption,
  metadata = '',
  tryExec = false,
): ChainMsg => ({
  typeUrl: '/cosmos.group.v1.MsgVote',
  value: { proposalId, voter, option: voteOptionFromJSON(option), metadata, exec: exec(tryExec) },
});

export const submitProposalMsg = (input: SubmitProposalInput): ChainMsg => ({
  typeUrl: '/cosmos.group.v1.MsgSubmitProposal',
  value: {
    groupPolicyAddress: input.policyAddress,
    proposers: input.proposers,
    metadata: input.metadata,
    messages: input.messages.map((message: AnyMsg) => anyFromJson(message)),
    exec: exec(input.exec),
    title: input.title,
    summary: input.summary,
  },
});

export const execMsg = (proposalId: bigint, executor: string): ChainMsg => ({
  typeUrl: '/cosmos.group.v1.MsgExec',
  value: { proposalId, executor },
});

export const withdrawMsg = (proposalId: bigint, address: string): ChainMsg => ({
  typeUrl: '/cosmos.group.v1.MsgWithdrawProposal',
  value: { proposalId, address },
});

export const updateMembersMsg = (admin: string, groupId: bigint, updates: MemberInput[]): ChainMsg => ({
  typeUrl: '/cosmos.group.v1.MsgUpdateGroupMembers',
  value: {
    admin,
    groupId,
    memberUpdates: updates.map((update) => ({ ...update, metadata: update.metadata ?? '' })),
  },
});

export const updatePolicyMetadataMsg = (admin: string, groupPolicyAddress: string, metadata: string): ChainMsg => ({
  typeUrl: '/cosmos.group.v1.MsgUpdateGroupPolicyMetadata',
  value: { admin, groupPolicyAddress, metadata },
});

export const govSubmitProposalMsg = (input: {
  messages: readonly ProposalMsg[];
  deposit: readonly Coin[];
  proposer: string;
  title: string;
  summary: string;
  metadata: string;
}): ChainMsg => ({
  typeUrl: '/cosmos.gov.v1.MsgSubmitProposal',
  value: {
    messages: input.messages.map(proposalMsgToAny),
    initialDeposit: input.deposit.map((coin) => ({ ...coin })),
    proposer: input.proposer,
    metadata: input.metadata,
    title: input.title,
    summary: input.summary,
    expedited: false,
  },
});

export const govVoteMsg = (proposalId: bigint, voter: string, option: VoteOption): ChainMsg => ({
  typeUrl: '/cosmos.gov.v1.MsgVote',
  value: { proposalId, voter, option: govVoteOptionFromJSON(option), metadata: '' },
});

/** What a gov proposal carries to schedule a plan: x/upgrade's message, with gov as authority. */
export const softwareUpgradeProposal = (plan: Plan): ProposalMsg => ({
  typeUrl: '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade',
  authority: GOV_MODULE_ADDRESS,
  plan,
  planTime: GO_ZERO_TIME,
});

export const cancelUpgradeProposal = (): ProposalMsg => ({
  typeUrl: '/cosmos.upgrade.v1beta1.MsgCancelUpgrade',
  authority: GOV_MODULE_ADDRESS,
});
