import { MsgCancelUpgrade, MsgSoftwareUpgrade } from 'cosmjs-types/cosmos/upgrade/v1beta1/tx';
import type { Any } from 'cosmjs-types/google/protobuf/any';

import { ChainError } from '../chain-error.ts';
import type { ProposalMsg } from './gov-records.ts';

// A gov proposal's messages travel as protobuf Any inside MsgSubmitProposal; the chain keeps
// them decoded. Only x/upgrade's messages are routable here, as on a chain whose gov has no
// other use yet.

export function proposalMsgFromAny(any: Any): ProposalMsg {
  switch (any.typeUrl) {
    case '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade': {
      const msg = MsgSoftwareUpgrade.decode(any.value);
      const plan = msg.plan;
      return {
        typeUrl: any.typeUrl,
        authority: msg.authority,
        plan: { name: plan.name, height: plan.height, info: plan.info },
        planTime: { seconds: plan.time.seconds, nanos: plan.time.nanos },
      };
    }
    case '/cosmos.upgrade.v1beta1.MsgCancelUpgrade':
      return { typeUrl: any.typeUrl, authority: MsgCancelUpgrade.decode(any.value).authority };
    default:
      throw new ChainError(`${any.typeUrl}: proposal message not recognized by router`, 'gov', 10);
  }
}

export function proposalMsgToAny(msg: ProposalMsg): Any {
  switch (msg.typeUrl) {
    case '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade':
      return {
        typeUrl: msg.typeUrl,
        value: MsgSoftwareUpgrade.encode({
          authority: msg.authority,
          plan: { name: msg.plan.name, time: msg.planTime, height: msg.plan.height, info: msg.plan.info },
        }).finish(),
      };
    case '/cosmos.upgrade.v1beta1.MsgCancelUpgrade':
      return { typeUrl: msg.typeUrl, value: MsgCancelUpgrade.encode({ authority: msg.authority }).finish() };
  }
}

/** The single signer the SDK reads from each message (its `authority`). */
export const signerOfProposalMsg = (msg: ProposalMsg) => msg.authority;
