import { Exec } from 'cosmjs-types/cosmos/group/v1/tx';
import { voteOptionFromJSON } from 'cosmjs-types/cosmos/group/v1/types';

import type { MemberInput, SubmitProposalInput } from '../chain/group/msg-server.ts';
import type { AnyMsg, VoteOption } from '../chain/records.ts';
import { anyFromJson } from '../chain/tx/any-json.ts';
import type { ChainMsg } from '../chain/tx/chain-msgs.ts';
import type { Plan } from '../chain/upgrade/keeper.ts';

// The transactions simulated users send, built as the protobuf messages a wallet would sign.

/** simapp's gov module account: the upgrade authority. */
export const GOV_AUTHORITY = 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn';

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

export const softwareUpgradeMsg = (plan: Plan): ChainMsg => ({
  typeUrl: '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade',
  value: {
    authority: GOV_AUTHORITY,
    plan: { name: plan.name, time: { seconds: 0n, nanos: 0 }, height: plan.height, info: plan.info },
  },
});
