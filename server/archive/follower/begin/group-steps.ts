import {
  MsgCreateGroup,
  MsgCreateGroupWithPolicy,
  MsgUpdateGroupAdmin,
  MsgUpdateGroupMembers,
  MsgUpdateGroupMetadata,
} from 'cosmjs-types/cosmos/group/v1/tx';
import type { MemberRequest } from 'cosmjs-types/cosmos/group/v1/types';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import type { Any } from 'cosmjs-types/google/protobuf/any';

import type { AbciEventData, FetchedBlock } from '../../source/rpc-reader.ts';
import { attribute, jsonValue } from '../tip/decode-block.ts';
import { policyMessage, type PolicyMessage } from './policy-steps.ts';

// What a block's messages and events say about groups and policies, in the order it happened:
// the changes whose whole content a message carries, the changes only an event shows (run by a
// proposal's execution, by authz, by x/gov), every version bump (x/group emits exactly one event
// per bump), and where each proposal was submitted among them. For blocks whose state is gone.

export interface WeightSet {
  address: string;
  weight: string;
  metadata?: string;
}

export type GroupStep =
  | { kind: 'created'; groupId: string; admin: string; metadata: string; members: WeightSet[] }
  | { kind: 'members'; groupId: string; updates: WeightSet[] }
  | { kind: 'admin'; groupId: string; from: string; to: string }
  | { kind: 'metadata'; groupId: string; metadata: string }
  | { kind: 'left'; groupId: string; address: string }
  /** The group changed, but no message of the block shows how. */
  | { kind: 'unseen'; groupId: string }
  | { kind: 'group_bumped'; groupId: string }
  | { kind: 'policy_bumped'; address: string }
  | {
      kind: 'policy_created';
      address: string;
      groupId: string;
      admin: string;
      metadata: string;
      decisionPolicy: Record<string, unknown>;
    }
  | {
      kind: 'policy_changed';
      address: string;
      admin?: string;
      metadata?: string;
      decisionPolicy?: Record<string, unknown>;
    }
  | { kind: 'submitted'; proposalId: string };

const MSG = '/cosmos.group.v1.';
const EVENT = 'cosmos.group.v1.';

type DirectMessage =
  | { kind: 'create'; admin: string; metadata: string; members: WeightSet[]; policyIsAdmin: boolean }
  | { kind: 'change'; step: Extract<GroupStep, { kind: 'members' | 'admin' | 'metadata' }> }
  | null;

const weights = (members: readonly MemberRequest[]): WeightSet[] =>
  members.map(({ address, weight, metadata }) => ({ address, weight, metadata }));

/** A group message whose content is the change it makes (the events only name the group). */
function directMessage(any: Any): DirectMessage {
  switch (any.typeUrl) {
    case `${MSG}MsgCreateGroup`: {
      const message = MsgCreateGroup.decode(any.value);
      const { admin, metadata, members } = message;
      return { kind: 'create', admin, metadata, members: weights(members), policyIsAdmin: false };
    }
    case `${MSG}MsgCreateGroupWithPolicy`: {
      const message = MsgCreateGroupWithPolicy.decode(any.value);
      return {
        kind: 'create',
        admin: message.admin,
        metadata: message.groupMetadata,
        members: weights(message.members),
        policyIsAdmin: message.groupPolicyAsAdmin,
      };
    }
    case `${MSG}MsgUpdateGroupMembers`: {
      const message = MsgUpdateGroupMembers.decode(any.value);
      const groupId = String(message.groupId);
      return { kind: 'change', step: { kind: 'members', groupId, updates: weights(message.memberUpdates) } };
    }
    case `${MSG}MsgUpdateGroupAdmin`: {
      const message = MsgUpdateGroupAdmin.decode(any.value);
      const step = {
        kind: 'admin',
        groupId: String(message.groupId),
        from: message.admin,
        to: message.newAdmin,
      } as const;
      return { kind: 'change', step };
    }
    case `${MSG}MsgUpdateGroupMetadata`: {
      const message = MsgUpdateGroupMetadata.decode(any.value);
      return {
        kind: 'change',
        step: { kind: 'metadata', groupId: String(message.groupId), metadata: message.metadata },
      };
    }
    default:
      return null;
  }
}

const named = (events: readonly AbciEventData[], name: string, key: string) => {
  const event = events.find((entry) => entry.type === `${EVENT}${name}`);
  return event ? jsonValue(event, key) : null;
};

/** The policy a message creates, with the address its event names, in the group it names or creates. */
function policyCreated(policy: PolicyMessage | null, events: readonly AbciEventData[], created: string | null) {
  const address = named(events, 'EventCreateGroupPolicy', 'address');
  if (policy?.kind !== 'create' || address === null) return [];
  const groupId = policy.groupId ?? created;
  if (groupId === null) return [];
  const { metadata, decisionPolicy } = policy;
  const admin = policy.selfAdmin ? address : policy.admin;
  return [{ kind: 'policy_created', address, groupId, admin, metadata, decisionPolicy } as const];
}

/**
 * The steps of one message (`direct`: what it carries, if it is a group message; `policy`: if it
 * is a policy's) or of the end-blocker.
 */
function stepsOf(direct: DirectMessage, policy: PolicyMessage | null, events: readonly AbciEventData[]): GroupStep[] {
  const steps: GroupStep[] = [];
  const created = direct?.kind === 'create' ? named(events, 'EventCreateGroup', 'group_id') : null;
  if (direct?.kind === 'create' && created !== null) {
    // group_policy_as_admin: the new policy account is the group's admin from the start.
    const policyAddress = named(events, 'EventCreateGroupPolicy', 'address');
    const admin = direct.policyIsAdmin && policyAddress !== null ? policyAddress : direct.admin;
    steps.push({ kind: 'created', groupId: created, admin, metadata: direct.metadata, members: direct.members });
  }
  steps.push(...policyCreated(policy, events, created));
  let shown = false;
  for (const event of events) {
    if (!event.type.startsWith(EVENT)) continue;
    const name = event.type.slice(EVENT.length);
    if (name === 'EventUpdateGroup') {
      const groupId = jsonValue(event, 'group_id');
      if (direct?.kind === 'change' && direct.step.groupId === groupId && !shown) {
        steps.push(direct.step);
        shown = true;
      } else if (groupId !== created) steps.push({ kind: 'unseen', groupId });
      steps.push({ kind: 'group_bumped', groupId });
    } else if (name === 'EventLeaveGroup') {
      const groupId = jsonValue(event, 'group_id');
      steps.push({ kind: 'left', groupId, address: jsonValue(event, 'address') }, { kind: 'group_bumped', groupId });
    } else if (name === 'EventUpdateGroupPolicy') {
      const address = jsonValue(event, 'address');
      // group_policy_as_admin: the policy made its own admin after its creation, one more bump.
      if (
        policy?.kind === 'create' &&
        policy.selfAdmin &&
        address === named(events, 'EventCreateGroupPolicy', 'address')
      )
        steps.push({ kind: 'policy_changed', address, admin: address });
      else if (policy?.kind === 'change' && policy.address === address) {
        const { address: changed, admin, metadata, decisionPolicy } = policy;
        steps.push({ kind: 'policy_changed', address: changed, admin, metadata, decisionPolicy });
      }
      steps.push({ kind: 'policy_bumped', address });
    } else if (name === 'EventSubmitProposal') {
      steps.push({ kind: 'submitted', proposalId: jsonValue(event, 'proposal_id') });
    }
  }
  return steps;
}

/** A block's group steps, in order; failed transactions changed nothing and are skipped. */
export function decodeGroupSteps(block: FetchedBlock): GroupStep[] {
  const steps: GroupStep[] = [];
  block.txs.forEach((tx, index) => {
    const result = block.results[index];
    if (!result || result.code !== 0) return;
    const body = TxBody.decode(TxRaw.decode(tx).bodyBytes);
    body.messages.forEach((any, msgIndex) => {
      const events = result.events.filter((event) => attribute(event, 'msg_index') === String(msgIndex));
      steps.push(...stepsOf(directMessage(any), policyMessage(any), events));
    });
  });
  steps.push(...stepsOf(null, null, block.finalizeEvents));
  return steps;
}
