import {
  MsgSubmitProposal as GovMsgSubmitProposal,
  MsgSubmitProposalResponse as GovMsgSubmitProposalResponse,
  MsgVote as GovMsgVote,
  MsgVoteResponse as GovMsgVoteResponse,
} from 'cosmjs-types/cosmos/gov/v1/tx';
import {
  MsgCreateGroup,
  MsgCreateGroupPolicy,
  MsgCreateGroupPolicyResponse,
  MsgCreateGroupResponse,
  MsgCreateGroupWithPolicy,
  MsgCreateGroupWithPolicyResponse,
  MsgExec,
  MsgExecResponse,
  MsgLeaveGroup,
  MsgLeaveGroupResponse,
  MsgSubmitProposal,
  MsgSubmitProposalResponse,
  MsgUpdateGroupMembers,
  MsgUpdateGroupMembersResponse,
  MsgUpdateGroupMetadata,
  MsgUpdateGroupMetadataResponse,
  MsgUpdateGroupPolicyDecisionPolicy,
  MsgUpdateGroupPolicyDecisionPolicyResponse,
  MsgUpdateGroupPolicyMetadata,
  MsgUpdateGroupPolicyMetadataResponse,
  MsgVote,
  MsgVoteResponse,
  MsgWithdrawProposal,
  MsgWithdrawProposalResponse,
} from 'cosmjs-types/cosmos/group/v1/tx';
import {
  MsgCancelUpgrade,
  MsgCancelUpgradeResponse,
  MsgSoftwareUpgrade,
  MsgSoftwareUpgradeResponse,
} from 'cosmjs-types/cosmos/upgrade/v1beta1/tx';
import type { Any } from 'cosmjs-types/google/protobuf/any';

// The transaction messages the simulated chain's users send, as the library's protobuf types:
// what goes into a block is exactly what a node would have decoded from it.

export type ChainMsg =
  | { readonly typeUrl: '/cosmos.group.v1.MsgVote'; readonly value: MsgVote }
  | { readonly typeUrl: '/cosmos.group.v1.MsgSubmitProposal'; readonly value: MsgSubmitProposal }
  | { readonly typeUrl: '/cosmos.group.v1.MsgExec'; readonly value: MsgExec }
  | { readonly typeUrl: '/cosmos.group.v1.MsgWithdrawProposal'; readonly value: MsgWithdrawProposal }
  | { readonly typeUrl: '/cosmos.group.v1.MsgUpdateGroupMembers'; readonly value: MsgUpdateGroupMembers }
  | { readonly typeUrl: '/cosmos.group.v1.MsgUpdateGroupPolicyMetadata'; readonly value: MsgUpdateGroupPolicyMetadata }
  | { readonly typeUrl: '/cosmos.group.v1.MsgLeaveGroup'; readonly value: MsgLeaveGroup }
  | { readonly typeUrl: '/cosmos.group.v1.MsgCreateGroup'; readonly value: MsgCreateGroup }
  | { readonly typeUrl: '/cosmos.group.v1.MsgCreateGroupPolicy'; readonly value: MsgCreateGroupPolicy }
  | { readonly typeUrl: '/cosmos.group.v1.MsgCreateGroupWithPolicy'; readonly value: MsgCreateGroupWithPolicy }
  | { readonly typeUrl: '/cosmos.group.v1.MsgUpdateGroupMetadata'; readonly value: MsgUpdateGroupMetadata }
  | {
      readonly typeUrl: '/cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicy';
      readonly value: MsgUpdateGroupPolicyDecisionPolicy;
    }
  | { readonly typeUrl: '/cosmos.gov.v1.MsgSubmitProposal'; readonly value: GovMsgSubmitProposal }
  | { readonly typeUrl: '/cosmos.gov.v1.MsgVote'; readonly value: GovMsgVote }
  | { readonly typeUrl: '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade'; readonly value: MsgSoftwareUpgrade }
  | { readonly typeUrl: '/cosmos.upgrade.v1beta1.MsgCancelUpgrade'; readonly value: MsgCancelUpgrade };

/** A message as the protobuf Any a TxBody carries. */
export function packMsg(msg: ChainMsg): Any {
  const encode = (bytes: Uint8Array): Any => ({ typeUrl: msg.typeUrl, value: bytes });
  switch (msg.typeUrl) {
    case '/cosmos.group.v1.MsgVote':
      return encode(MsgVote.encode(msg.value).finish());
    case '/cosmos.group.v1.MsgSubmitProposal':
      return encode(MsgSubmitProposal.encode(msg.value).finish());
    case '/cosmos.group.v1.MsgExec':
      return encode(MsgExec.encode(msg.value).finish());
    case '/cosmos.group.v1.MsgWithdrawProposal':
      return encode(MsgWithdrawProposal.encode(msg.value).finish());
    case '/cosmos.group.v1.MsgUpdateGroupMembers':
      return encode(MsgUpdateGroupMembers.encode(msg.value).finish());
    case '/cosmos.group.v1.MsgUpdateGroupPolicyMetadata':
      return encode(MsgUpdateGroupPolicyMetadata.encode(msg.value).finish());
    case '/cosmos.group.v1.MsgLeaveGroup':
      return encode(MsgLeaveGroup.encode(msg.value).finish());
    case '/cosmos.group.v1.MsgCreateGroup':
      return encode(MsgCreateGroup.encode(msg.value).finish());
    case '/cosmos.group.v1.MsgCreateGroupPolicy':
      return encode(MsgCreateGroupPolicy.encode(msg.value).finish());
    case '/cosmos.group.v1.MsgCreateGroupWithPolicy':
      return encode(MsgCreateGroupWithPolicy.encode(msg.value).finish());
    case '/cosmos.group.v1.MsgUpdateGroupMetadata':
      return encode(MsgUpdateGroupMetadata.encode(msg.value).finish());
    case '/cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicy':
      return encode(MsgUpdateGroupPolicyDecisionPolicy.encode(msg.value).finish());
    case '/cosmos.gov.v1.MsgSubmitProposal':
      return encode(GovMsgSubmitProposal.encode(msg.value).finish());
    case '/cosmos.gov.v1.MsgVote':
      return encode(GovMsgVote.encode(msg.value).finish());
    case '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade':
      return encode(MsgSoftwareUpgrade.encode(msg.value).finish());
    case '/cosmos.upgrade.v1beta1.MsgCancelUpgrade':
      return encode(MsgCancelUpgrade.encode(msg.value).finish());
  }
}

/** What a handler made that its response names: an id (group or proposal), an address, an exec result. */
export interface MsgOutcome {
  id: bigint;
  address: string;
  execResult: number;
}

/** The Msg service's response, packed as the TxMsgData of a result carries it. */
export function packResponse(msg: ChainMsg, outcome: MsgOutcome): Any {
  const { id: proposalId, execResult } = outcome;
  const typeUrl = `${msg.typeUrl}Response`;
  const pack = (bytes: Uint8Array): Any => ({ typeUrl, value: bytes });
  switch (msg.typeUrl) {
    case '/cosmos.group.v1.MsgVote':
      return pack(MsgVoteResponse.encode({}).finish());
    case '/cosmos.group.v1.MsgSubmitProposal':
      return pack(MsgSubmitProposalResponse.encode({ proposalId }).finish());
    case '/cosmos.group.v1.MsgExec':
      return pack(MsgExecResponse.encode({ result: execResult }).finish());
    case '/cosmos.group.v1.MsgWithdrawProposal':
      return pack(MsgWithdrawProposalResponse.encode({}).finish());
    case '/cosmos.group.v1.MsgUpdateGroupMembers':
      return pack(MsgUpdateGroupMembersResponse.encode({}).finish());
    case '/cosmos.group.v1.MsgUpdateGroupPolicyMetadata':
      return pack(MsgUpdateGroupPolicyMetadataResponse.encode({}).finish());
    case '/cosmos.group.v1.MsgLeaveGroup':
      return pack(MsgLeaveGroupResponse.encode({}).finish());
    case '/cosmos.group.v1.MsgCreateGroup':
      return pack(MsgCreateGroupResponse.encode({ groupId: outcome.id }).finish());
    case '/cosmos.group.v1.MsgCreateGroupPolicy':
      return pack(MsgCreateGroupPolicyResponse.encode({ address: outcome.address }).finish());
    case '/cosmos.group.v1.MsgCreateGroupWithPolicy':
      return pack(
        MsgCreateGroupWithPolicyResponse.encode({ groupId: outcome.id, groupPolicyAddress: outcome.address }).finish(),
      );
    case '/cosmos.group.v1.MsgUpdateGroupMetadata':
      return pack(MsgUpdateGroupMetadataResponse.encode({}).finish());
    case '/cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicy':
      return pack(MsgUpdateGroupPolicyDecisionPolicyResponse.encode({}).finish());
    case '/cosmos.gov.v1.MsgSubmitProposal':
      return pack(GovMsgSubmitProposalResponse.encode({ proposalId }).finish());
    case '/cosmos.gov.v1.MsgVote':
      return pack(GovMsgVoteResponse.encode({}).finish());
    case '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade':
      return pack(MsgSoftwareUpgradeResponse.encode({}).finish());
    case '/cosmos.upgrade.v1beta1.MsgCancelUpgrade':
      return pack(MsgCancelUpgradeResponse.encode({}).finish());
  }
}

/** The account that signs a message (the first signer, as baseapp reports it as `sender`). */
export function signerOf(msg: ChainMsg): string {
  switch (msg.typeUrl) {
    case '/cosmos.group.v1.MsgVote':
      return msg.value.voter;
    case '/cosmos.group.v1.MsgSubmitProposal':
      return msg.value.proposers[0] ?? '';
    case '/cosmos.group.v1.MsgExec':
      return msg.value.executor;
    case '/cosmos.group.v1.MsgWithdrawProposal':
      return msg.value.address;
    case '/cosmos.group.v1.MsgUpdateGroupMembers':
    case '/cosmos.group.v1.MsgUpdateGroupPolicyMetadata':
    case '/cosmos.group.v1.MsgCreateGroup':
    case '/cosmos.group.v1.MsgCreateGroupPolicy':
    case '/cosmos.group.v1.MsgCreateGroupWithPolicy':
    case '/cosmos.group.v1.MsgUpdateGroupMetadata':
    case '/cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicy':
      return msg.value.admin;
    case '/cosmos.group.v1.MsgLeaveGroup':
      return msg.value.address;
    case '/cosmos.gov.v1.MsgSubmitProposal':
      return msg.value.proposer;
    case '/cosmos.gov.v1.MsgVote':
      return msg.value.voter;
    case '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade':
    case '/cosmos.upgrade.v1beta1.MsgCancelUpgrade':
      return msg.value.authority;
  }
}

/** sdk.GetModuleNameFromTypeURL: the second part of the type URL (`/cosmos.gov.v1.MsgVote` → `gov`). */
export const moduleOf = (msg: ChainMsg) => msg.typeUrl.split('.')[1] ?? '';

/** Decoders of the messages the simulated chain runs, by type URL (a replay reads another chain's blocks with them). */
const DECODERS: {
  readonly [Url in ChainMsg['typeUrl']]: (bytes: Uint8Array) => Extract<ChainMsg, { typeUrl: Url }>['value'];
} = {
  '/cosmos.group.v1.MsgVote': (bytes) => MsgVote.decode(bytes),
  '/cosmos.group.v1.MsgSubmitProposal': (bytes) => MsgSubmitProposal.decode(bytes),
  '/cosmos.group.v1.MsgExec': (bytes) => MsgExec.decode(bytes),
  '/cosmos.group.v1.MsgWithdrawProposal': (bytes) => MsgWithdrawProposal.decode(bytes),
  '/cosmos.group.v1.MsgUpdateGroupMembers': (bytes) => MsgUpdateGroupMembers.decode(bytes),
  '/cosmos.group.v1.MsgUpdateGroupPolicyMetadata': (bytes) => MsgUpdateGroupPolicyMetadata.decode(bytes),
  '/cosmos.group.v1.MsgLeaveGroup': (bytes) => MsgLeaveGroup.decode(bytes),
  '/cosmos.group.v1.MsgCreateGroup': (bytes) => MsgCreateGroup.decode(bytes),
  '/cosmos.group.v1.MsgCreateGroupPolicy': (bytes) => MsgCreateGroupPolicy.decode(bytes),
  '/cosmos.group.v1.MsgCreateGroupWithPolicy': (bytes) => MsgCreateGroupWithPolicy.decode(bytes),
  '/cosmos.group.v1.MsgUpdateGroupMetadata': (bytes) => MsgUpdateGroupMetadata.decode(bytes),
  '/cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicy': (bytes) => MsgUpdateGroupPolicyDecisionPolicy.decode(bytes),
  '/cosmos.gov.v1.MsgSubmitProposal': (bytes) => GovMsgSubmitProposal.decode(bytes),
  '/cosmos.gov.v1.MsgVote': (bytes) => GovMsgVote.decode(bytes),
  '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade': (bytes) => MsgSoftwareUpgrade.decode(bytes),
  '/cosmos.upgrade.v1beta1.MsgCancelUpgrade': (bytes) => MsgCancelUpgrade.decode(bytes),
};

const isChainMsgUrl = (typeUrl: string): typeUrl is ChainMsg['typeUrl'] => Object.hasOwn(DECODERS, typeUrl);

/** A TxBody's message as the simulated chain runs it, or null for a type it does not simulate (bank, staking …). */
export function chainMsgFromAny(any: Any): ChainMsg | null {
  if (!isChainMsgUrl(any.typeUrl)) return null;
  const decode = DECODERS[any.typeUrl] as (bytes: Uint8Array) => ChainMsg['value'];
  return { typeUrl: any.typeUrl, value: decode(any.value) } as ChainMsg;
}
