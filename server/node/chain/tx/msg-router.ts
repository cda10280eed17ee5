import { Exec } from 'cosmjs-types/cosmos/group/v1/tx';
import { proposalExecutorResultFromJSON, voteOptionToJSON } from 'cosmjs-types/cosmos/group/v1/types';
import type { Any } from 'cosmjs-types/google/protobuf/any';

import { ChainError } from '../chain-error.ts';
import type { GroupKeeper } from '../group/keeper.ts';
import type { Millis, VoteOption } from '../records.ts';
import type { UpgradeKeeper } from '../upgrade/keeper.ts';
import { anyToJson } from './any-json.ts';
import { moduleOf, packResponse, signerOf, type ChainMsg } from './chain-msgs.ts';

export interface MsgContext {
  readonly group: GroupKeeper;
  readonly upgrade: UpgradeKeeper;
  readonly height: bigint;
  readonly time: Millis;
}

const unauthorized = (what: string) => new ChainError(`${what}: unauthorized`, 'group', 7);

/** The Msg services, by type URL: each message runs its module's handler and gives its response. */
export function routeMsg(msg: ChainMsg, context: MsgContext): Any {
  const msgs = context.group.msgs;
  const store = context.group.store;
  const now = context.time;
  let proposalId = 0n;
  let execResult = 0;
  switch (msg.typeUrl) {
    case '/cosmos.group.v1.MsgVote': {
      const option = voteOptionToJSON(msg.value.option) as VoteOption;
      const tryExec = msg.value.exec === Exec.EXEC_TRY;
      msgs.vote(msg.value.proposalId, msg.value.voter, option, msg.value.metadata, now, tryExec);
      break;
    }
    case '/cosmos.group.v1.MsgSubmitProposal':
      proposalId = msgs.submitProposal(
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
      execResult = proposalExecutorResultFromJSON(msgs.exec(msg.value.proposalId, now));
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
    case '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade': {
      const plan = msg.value.plan;
      if (plan.height <= context.height) throw new ChainError('upgrade cannot be scheduled in the past', 'upgrade', 3);
      context.upgrade.schedulePlan({ name: plan.name, height: plan.height, info: plan.info });
      break;
    }
  }
  return packResponse(msg, proposalId, execResult);
}

export { moduleOf, signerOf };
