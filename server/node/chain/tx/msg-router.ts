import { Exec } from 'cosmjs-types/cosmos/group/v1/tx';
import { proposalExecutorResultFromJSON, voteOptionToJSON } from 'cosmjs-types/cosmos/group/v1/types';
import type { Any } from 'cosmjs-types/google/protobuf/any';

import { ChainError } from '../chain-error.ts';
import { validateDecisionPolicy } from '../decision-policies/registry.ts';
import type { ProposalMsg } from '../gov/gov-records.ts';
import type { GovKeeper } from '../gov/keeper.ts';
import { proposalMsgFromAny } from '../gov/proposal-msgs.ts';
import { decisionPolicyFromAny } from '../group/group-proto.ts';
import type { GroupKeeper } from '../group/keeper.ts';
import { checkMetadata, MAX_EXECUTION_PERIOD_S } from '../group/params.ts';
import type { Millis, VoteOption } from '../records.ts';
import type { UpgradeKeeper } from '../upgrade/keeper.ts';
import { cancelUpgrade, softwareUpgrade } from '../upgrade/msg-server.ts';
import { anyToJson } from './any-json.ts';
import { moduleOf, packMsg, packResponse, signerOf, type ChainMsg, type MsgOutcome } from './chain-msgs.ts';

export interface MsgContext {
  readonly group: GroupKeeper;
  readonly upgrade: UpgradeKeeper;
  readonly gov: GovKeeper;
  readonly height: bigint;
  readonly time: Millis;
}

const unauthorized = (what: string) => new ChainError(`${what}: unauthorized`, 'group', 7);
/** x/group's own admin checks on policies wrap the SDK's ErrUnauthorized (codespace sdk, code 4). */
const notAdmin = (what: string) => new ChainError(`${what}: unauthorized`, 'sdk', 4);

/** The Msg services, by type URL: each message runs its module's handler and gives its response. */
export function routeMsg(msg: ChainMsg, context: MsgContext): Any {
  // A module whose store an upgrade deleted is no longer registered: its messages do not decode.
  if (context.upgrade.storeDeletedAt(moduleOf(msg)) !== undefined) {
    throw new ChainError(`unable to resolve type URL ${msg.typeUrl}: tx parse error`, 'sdk', 2);
  }
  const msgs = context.group.msgs;
  const store = context.group.store;
  const now = context.time;
  const outcome: MsgOutcome = { id: 0n, address: '', execResult: 0 };
  switch (msg.typeUrl) {
    case '/cosmos.group.v1.MsgVote': {
      const option = voteOptionToJSON(msg.value.option) as VoteOption;
      const tryExec = msg.value.exec === Exec.EXEC_TRY;
      msgs.vote(msg.value.proposalId, msg.value.voter, option, msg.value.metadata, now, tryExec);
      break;
    }
    case '/cosmos.group.v1.MsgSubmitProposal':
      outcome.id = msgs.submitProposal(
        {
          policyAddress: msg.value.groupPolicyAddress,
          proposers: msg.value.proposers,
          metadata: msg.value.metadata,
          messages: msg.value.messages.map(anyToJson),
          title: msg.value.title,
          summary: msg.value.summary,
          exec: msg.value.exec === Exec.EXEC_TRY,
        },
        now,
      );
      break;
    case '/cosmos.group.v1.MsgExec':
      outcome.execResult = proposalExecutorResultFromJSON(msgs.exec(msg.value.proposalId, now));
      break;
    case '/cosmos.group.v1.MsgWithdrawProposal':
      msgs.withdraw(msg.value.proposalId, msg.value.address);
      break;
    case '/cosmos.group.v1.MsgUpdateGroupMembers': {
      const group = store.group(msg.value.groupId);
      if (group && group.admin !== msg.value.admin) throw unauthorized('group admin');
      const updates = msg.value.memberUpdates.map((update) => ({ ...update }));
      msgs.updateGroupMembers(msg.value.groupId, updates, now);
      break;
    }
    case '/cosmos.group.v1.MsgUpdateGroupPolicyMetadata': {
      const policy = store.policyOf(msg.value.groupPolicyAddress);
      if (policy && policy.admin !== msg.value.admin) throw unauthorized('group policy admin');
      msgs.updateGroupPolicy(msg.value.groupPolicyAddress, { metadata: msg.value.metadata });
      break;
    }
    case '/cosmos.group.v1.MsgLeaveGroup':
      msgs.leaveGroup(msg.value.groupId, msg.value.address);
      break;
    case '/cosmos.group.v1.MsgCreateGroup':
      outcome.id = msgs.createGroup(msg.value.admin, msg.value.members, msg.value.metadata, now);
      break;
    case '/cosmos.group.v1.MsgCreateGroupPolicy': {
      const policy = decisionPolicyFromAny(msg.value.decisionPolicy);
      const group = store.group(msg.value.groupId);
      if (group && group.admin !== msg.value.admin) throw notAdmin('not group admin');
      outcome.address = msgs.createGroupPolicy(msg.value.groupId, msg.value.admin, msg.value.metadata, policy, now);
      break;
    }
    case '/cosmos.group.v1.MsgCreateGroupWithPolicy': {
      const { admin, members, groupMetadata, groupPolicyMetadata } = msg.value;
      const policy = decisionPolicyFromAny(msg.value.decisionPolicy);
      // The policy's own checks first: a refused transaction leaves no group behind.
      checkMetadata(groupPolicyMetadata, 'group policy metadata');
      const refusal = validateDecisionPolicy(policy, MAX_EXECUTION_PERIOD_S);
      if (refusal) throw new ChainError(refusal);
      outcome.id = msgs.createGroup(admin, members, groupMetadata, now);
      outcome.address = msgs.createGroupPolicy(outcome.id, admin, groupPolicyMetadata, policy, now);
      // x/group makes the policy its own group's admin and its own admin, one update each (two versions).
      if (msg.value.groupPolicyAsAdmin) {
        msgs.updateGroupAdmin(outcome.id, outcome.address);
        msgs.updateGroupPolicy(outcome.address, { admin: outcome.address });
      }
      break;
    }
    case '/cosmos.group.v1.MsgUpdateGroupMetadata': {
      const group = store.group(msg.value.groupId);
      if (group && group.admin !== msg.value.admin) throw unauthorized('group admin');
      msgs.updateGroupMetadata(msg.value.groupId, msg.value.metadata);
      break;
    }
    case '/cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicy': {
      const policy = store.policyOf(msg.value.groupPolicyAddress);
      if (policy && policy.admin !== msg.value.admin) throw notAdmin('not group policy admin');
      msgs.updateGroupPolicy(msg.value.groupPolicyAddress, {
        decisionPolicy: decisionPolicyFromAny(msg.value.decisionPolicy),
      });
      break;
    }
    case '/cosmos.gov.v1.MsgSubmitProposal':
      outcome.id = context.gov.msgs.submitProposal(
        {
          // Unpacking the Any happens when the transaction is decoded, before any rule runs.
          messages: msg.value.messages.map(proposalMsgFromAny),
          initialDeposit: msg.value.initialDeposit,
          proposer: msg.value.proposer,
          metadata: msg.value.metadata,
          title: msg.value.title,
          summary: msg.value.summary,
          expedited: msg.value.expedited,
        },
        now,
      );
      break;
    case '/cosmos.gov.v1.MsgVote':
      context.gov.msgs.vote(msg.value.proposalId, msg.value.voter, msg.value.option, msg.value.metadata);
      break;
    case '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade':
    case '/cosmos.upgrade.v1beta1.MsgCancelUpgrade':
      // Decoded as a proposal's message is, so both paths meet the same x/upgrade checks.
      routeProposalMsg(proposalMsgFromAny(packMsg(msg)), context.upgrade, context);
      break;
  }
  return packResponse(msg, outcome);
}

/**
 * The messages a gov proposal executes, as the Msg service router runs them for x/gov (whose
 * module account is their authority). A transaction carrying one goes through the same checks.
 */
export function routeProposalMsg(msg: ProposalMsg, upgrade: UpgradeKeeper, at: { height: bigint; time: Millis }): void {
  switch (msg.typeUrl) {
    case '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade':
      softwareUpgrade(upgrade, msg, at);
      break;
    case '/cosmos.upgrade.v1beta1.MsgCancelUpgrade':
      cancelUpgrade(upgrade, msg);
      break;
  }
}

export { moduleOf, signerOf };
