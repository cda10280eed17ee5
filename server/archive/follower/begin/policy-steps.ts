import {
  MsgCreateGroupPolicy,
  MsgCreateGroupWithPolicy,
  MsgUpdateGroupPolicyAdmin,
  MsgUpdateGroupPolicyDecisionPolicy,
  MsgUpdateGroupPolicyMetadata,
} from 'cosmjs-types/cosmos/group/v1/tx';
import { PercentageDecisionPolicy, ThresholdDecisionPolicy } from 'cosmjs-types/cosmos/group/v1/types';
import type { Any } from 'cosmjs-types/google/protobuf/any';

import { durationText } from '../../../../verify/records/facts.ts';

// A group policy's messages, for blocks whose state is gone: what each carries of the policy it
// creates or changes, its decision policy written as a node's REST answer writes it, so a policy
// rebuilt from them reads as one read from state. The address comes from the message's events.

const MSG = '/cosmos.group.v1.';
const THRESHOLD = '/cosmos.group.v1.ThresholdDecisionPolicy';
const PERCENTAGE = '/cosmos.group.v1.PercentageDecisionPolicy';

export type PolicyMessage =
  | {
      kind: 'create';
      /** Null: the group the same message creates. */
      groupId: string | null;
      admin: string;
      metadata: string;
      decisionPolicy: Record<string, unknown>;
      /** The policy is its own admin (and its group's): MsgCreateGroupWithPolicy's group_policy_as_admin. */
      selfAdmin: boolean;
    }
  | {
      kind: 'change';
      address: string;
      admin?: string;
      metadata?: string;
      decisionPolicy?: Record<string, unknown>;
    };

/** A decision policy as the node's JSON gives it: its type, its rule and its windows. */
export function decisionPolicyJson(any: Any | undefined): Record<string, unknown> {
  if (!any) return {};
  const rule =
    any.typeUrl === THRESHOLD
      ? ThresholdDecisionPolicy.decode(any.value)
      : any.typeUrl === PERCENTAGE
        ? PercentageDecisionPolicy.decode(any.value)
        : null;
  if (rule === null) return { '@type': any.typeUrl };
  return {
    '@type': any.typeUrl,
    ...('threshold' in rule ? { threshold: rule.threshold } : { percentage: rule.percentage }),
    windows: {
      voting_period: durationText(rule.windows?.votingPeriod),
      min_execution_period: durationText(rule.windows?.minExecutionPeriod),
    },
  };
}

export function policyMessage(any: Any): PolicyMessage | null {
  switch (any.typeUrl) {
    case `${MSG}MsgCreateGroupPolicy`: {
      const message = MsgCreateGroupPolicy.decode(any.value);
      return {
        kind: 'create',
        groupId: String(message.groupId),
        admin: message.admin,
        metadata: message.metadata,
        decisionPolicy: decisionPolicyJson(message.decisionPolicy),
        selfAdmin: false,
      };
    }
    case `${MSG}MsgCreateGroupWithPolicy`: {
      const message = MsgCreateGroupWithPolicy.decode(any.value);
      return {
        kind: 'create',
        groupId: null,
        admin: message.admin,
        metadata: message.groupPolicyMetadata,
        decisionPolicy: decisionPolicyJson(message.decisionPolicy),
        selfAdmin: message.groupPolicyAsAdmin,
      };
    }
    case `${MSG}MsgUpdateGroupPolicyAdmin`: {
      const message = MsgUpdateGroupPolicyAdmin.decode(any.value);
      return { kind: 'change', address: message.groupPolicyAddress, admin: message.newAdmin };
    }
    case `${MSG}MsgUpdateGroupPolicyDecisionPolicy`: {
      const message = MsgUpdateGroupPolicyDecisionPolicy.decode(any.value);
      return {
        kind: 'change',
        address: message.groupPolicyAddress,
        decisionPolicy: decisionPolicyJson(message.decisionPolicy),
      };
    }
    case `${MSG}MsgUpdateGroupPolicyMetadata`: {
      const message = MsgUpdateGroupPolicyMetadata.decode(any.value);
      return { kind: 'change', address: message.groupPolicyAddress, metadata: message.metadata };
    }
    default:
      return null;
  }
}
