import { add, isNeg, isZero, parseDec, sub, ZERO, type Dec } from '../../../lib/apd-dec.ts';
import { ChainError } from '../chain-error.ts';
import { validateDecisionPolicy } from '../decision-policies/registry.ts';
import type { GroupInfo, Member, Millis } from '../records.ts';
import { eventCreateGroup, eventLeaveGroup, eventUpdateGroup } from './group-events.ts';
import { smallWeightOf, type GroupStore } from './group-store.ts';
import { checkMetadata, MAX_EXECUTION_PERIOD_S } from './params.ts';

// x/group's group messages: a group is created, its members or metadata change, a member leaves.

export interface MemberInput {
  address: string;
  weight: string;
  metadata?: string;
}

/** MsgCreateGroup. Every check runs before any write: a refused group leaves no trace, not even its id. */
export function createGroup(
  store: GroupStore,
  admin: string,
  members: MemberInput[],
  metadata: string,
  now: Millis,
): bigint {
  const { group, records } = newGroup(store, admin, members, metadata, now);
  store.groupSeq = group.id;
  store.putGroup(group);
  for (const record of records.values()) store.putMember(record);
  store.events(eventCreateGroup(group.id));
  return group.id;
}

/**
 * createGroup for very many members (the `large` scenario's million): the same checks, stored
 * state and event, with the members' rows sorted into the tables once instead of one by one.
 * The sort is what costs: for a million members, the checks made no measurable difference.
 */
export function createLargeGroup(
  store: GroupStore,
  admin: string,
  members: MemberInput[],
  metadata: string,
  now: Millis,
): bigint {
  const { group, records } = newGroup(store, admin, members, metadata, now);
  store.groupSeq = group.id;
  store.loadMembers(group.id, records);
  store.putGroup(group);
  store.events(eventCreateGroup(group.id));
  return group.id;
}

/** MsgCreateGroup's checks, and the group and members it stores; writes nothing. */
function newGroup(
  store: GroupStore,
  admin: string,
  members: MemberInput[],
  metadata: string,
  now: Millis,
): { group: GroupInfo; records: Map<string, Member> } {
  checkMetadata(metadata, 'group metadata');
  if (members.length === 0) throw new ChainError('group must not be empty');
  const id = store.groupSeq + 1n;
  let total: Dec = ZERO;
  /** By address key, in the order given. */
  const records = new Map<string, Member>();
  for (const member of members) {
    const weight = parseDec(member.weight);
    if (!weight || isNeg(weight) || isZero(weight)) throw new ChainError(`invalid member weight ${member.weight}`);
    const key = store.addressKey(member.address);
    if (records.has(key)) throw new ChainError('duplicate member');
    checkMetadata(member.metadata ?? '', 'member metadata');
    total = add(total, weight);
    records.set(key, memberRecord(id, member, key, weight, now));
  }
  return { group: { id, admin, metadata, version: 1n, totalWeight: total, createdAt: now }, records };
}

function memberRecord(groupId: bigint, input: MemberInput, key: string, weight: Dec, addedAt: Millis): Member {
  return {
    groupId,
    address: input.address,
    key,
    weight: input.weight,
    w: weight,
    small: smallWeightOf(weight),
    metadata: input.metadata ?? '',
    addedAt,
  };
}

export function existingGroup(store: GroupStore, groupId: bigint): GroupInfo {
  const group = store.group(groupId);
  if (!group) throw new ChainError('group: not found');
  return group;
}

/** Every group change bumps the group's version; none of them aborts a proposal. */
function bumpGroup(store: GroupStore, group: GroupInfo, patch: Partial<GroupInfo>): void {
  store.putGroup({ ...group, ...patch, version: group.version + 1n });
}

/**
 * Updates apply in order (weight 0 removes a member). Every one is checked before anything is
 * written: a refused message changes nothing, as a failed transaction's writes are discarded.
 */
export function updateGroupMembers(store: GroupStore, groupId: bigint, updates: MemberInput[], now: Millis): void {
  const group = existingGroup(store, groupId);
  let total = group.totalWeight;
  /** Each updated member as it will be stored (null: removed), by address key. */
  const changes = new Map<string, Member | null>();
  for (const update of updates) {
    const weight = parseDec(update.weight);
    if (!weight || isNeg(weight)) throw new ChainError(`invalid weight ${update.weight}`);
    checkMetadata(update.metadata ?? '', 'member metadata');
    const key = store.addressKey(update.address);
    const existing = changes.has(key) ? changes.get(key) : store.member(groupId, key);
    if (isZero(weight)) {
      if (!existing) throw new ChainError('unknown member: not found');
      total = sub(total, existing.w);
      changes.set(key, null);
      continue;
    }
    if (existing) total = sub(total, existing.w);
    total = add(total, weight);
    changes.set(key, memberRecord(groupId, update, key, weight, existing?.addedAt ?? now));
  }
  if (isZero(total)) throw new ChainError('group must not be empty');
  validatePoliciesOf(store, groupId);
  for (const [key, member] of changes) {
    if (member) store.putMember(member);
    else store.removeMember(groupId, key);
  }
  bumpGroup(store, group, { totalWeight: total });
  store.events(eventUpdateGroup(groupId));
}

export function updateGroupMetadata(store: GroupStore, groupId: bigint, metadata: string): void {
  checkMetadata(metadata, 'group metadata');
  bumpGroup(store, existingGroup(store, groupId), { metadata });
  store.events(eventUpdateGroup(groupId));
}

/** UpdateGroupAdmin (as CreateGroupWithPolicy runs it to make the policy its group's admin). */
export function updateGroupAdmin(store: GroupStore, groupId: bigint, admin: string): void {
  bumpGroup(store, existingGroup(store, groupId), { admin });
  store.events(eventUpdateGroup(groupId));
}

/** LeaveGroup: unlike a member update, it may leave the group with total weight 0. */
export function leaveGroup(store: GroupStore, groupId: bigint, address: string): void {
  const group = existingGroup(store, groupId);
  const key = store.addressKey(address);
  const member = store.member(groupId, key);
  if (!member) throw new ChainError('group member: not found');
  store.removeMember(groupId, key);
  bumpGroup(store, group, { totalWeight: sub(group.totalWeight, member.w) });
  store.events(eventLeaveGroup(groupId, address));
}

function validatePoliciesOf(store: GroupStore, groupId: bigint): void {
  for (let i = 0, keys = store.policiesByGroup(groupId); i < keys.size; i++) {
    const policy = store.policyByKey(keys.valueAt(i));
    const error = policy && validateDecisionPolicy(policy.decisionPolicy, MAX_EXECUTION_PERIOD_S);
    if (error) throw new ChainError(error);
  }
}
