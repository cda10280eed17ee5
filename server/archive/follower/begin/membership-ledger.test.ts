import { MsgCreateGroupWithPolicy, MsgExec, MsgUpdateGroupMembers } from 'cosmjs-types/cosmos/group/v1/tx';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import type { Any } from 'cosmjs-types/google/protobuf/any';
import { describe, expect, it } from 'vitest';

import type { AbciEventData, FetchedBlock } from '../../source/rpc-reader.ts';
import { decodeGroupSteps, type GroupStep } from './group-steps.ts';
import { MembershipLedger } from './membership-ledger.ts';

// Membership changes taken from blocks whose state is gone: exactly what the messages show, and
// nothing a message leaves open (who was a member before the blocks, a change run by a proposal).

const event = (type: string, msgIndex: number, values: Record<string, string>): AbciEventData => ({
  type: `cosmos.group.v1.${type}`,
  attributes: [
    ...Object.entries(values).map(([key, value]) => ({ key, value: JSON.stringify(value) })),
    { key: 'msg_index', value: String(msgIndex) },
  ],
});

function blockOf(messages: Any[], events: AbciEventData[], code = 0): FetchedBlock {
  const tx = TxRaw.encode({
    bodyBytes: TxBody.encode(TxBody.fromPartial({ messages })).finish(),
    authInfoBytes: new Uint8Array(),
    signatures: [],
  }).finish();
  return {
    height: 10n,
    hash: 'AA',
    lastBlockHash: 'BB',
    time: '2026-11-01T12:00:00Z',
    txs: [tx],
    results: [{ code, events }],
    finalizeEvents: [],
  };
}

const POLICY = 'cosmos1policy';

describe('membership changes from blocks', () => {
  it('decodes a group created with its policy as admin, a change a proposal ran, and failed transactions as nothing', () => {
    const create: Any = {
      typeUrl: '/cosmos.group.v1.MsgCreateGroupWithPolicy',
      value: MsgCreateGroupWithPolicy.encode(
        MsgCreateGroupWithPolicy.fromPartial({
          admin: 'cosmos1alice',
          members: [{ address: 'cosmos1alice', weight: '1', metadata: '' }],
          groupMetadata: 'core',
          groupPolicyAsAdmin: true,
        }),
      ).finish(),
    };
    const exec: Any = {
      typeUrl: '/cosmos.group.v1.MsgExec',
      value: MsgExec.encode(MsgExec.fromPartial({ proposalId: 4n, executor: 'cosmos1alice' })).finish(),
    };
    const steps = decodeGroupSteps(
      blockOf(
        [create, exec],
        [
          event('EventCreateGroup', 0, { group_id: '7' }),
          event('EventCreateGroupPolicy', 0, { address: POLICY }),
          event('EventUpdateGroup', 0, { group_id: '7' }),
          event('EventUpdateGroupPolicy', 0, { address: POLICY }),
          event('EventUpdateGroup', 1, { group_id: '3' }),
          event('EventExec', 1, { proposal_id: '4', result: 'PROPOSAL_EXECUTOR_RESULT_SUCCESS', logs: '' }),
        ],
      ),
    );
    expect(steps).toEqual<GroupStep[]>([
      {
        kind: 'created',
        groupId: '7',
        admin: POLICY,
        metadata: 'core',
        members: [{ address: 'cosmos1alice', weight: '1', metadata: '' }],
      },
      {
        kind: 'policy_created',
        address: POLICY,
        groupId: '7',
        admin: POLICY,
        metadata: '',
        decisionPolicy: {},
      },
      { kind: 'group_bumped', groupId: '7' },
      { kind: 'policy_changed', address: POLICY, admin: POLICY },
      { kind: 'policy_bumped', address: POLICY },
      { kind: 'unseen', groupId: '3' },
      { kind: 'group_bumped', groupId: '3' },
    ]);
    const update: Any = {
      typeUrl: '/cosmos.group.v1.MsgUpdateGroupMembers',
      value: MsgUpdateGroupMembers.encode(
        MsgUpdateGroupMembers.fromPartial({ groupId: 3n, memberUpdates: [{ address: 'cosmos1bob', weight: '2' }] }),
      ).finish(),
    };
    const updated = [event('EventUpdateGroup', 0, { group_id: '3' })];
    expect(decodeGroupSteps(blockOf([update], updated, 5))).toEqual([]);
    expect(decodeGroupSteps(blockOf([update], updated))).toEqual([
      { kind: 'members', groupId: '3', updates: [{ address: 'cosmos1bob', weight: '2', metadata: '' }] },
      { kind: 'group_bumped', groupId: '3' },
    ]);
  });

  it('records a change only where the blocks show the value before it', () => {
    const ledger = new MembershipLedger();
    const changes = (step: GroupStep) => ledger.changes(step).map(({ groupId, change }) => [groupId, ...change]);
    const members = (groupId: string, updates: [string, string][]): GroupStep => ({
      kind: 'members',
      groupId,
      updates: updates.map(([address, weight]) => ({ address, weight })),
    });
    // Created in these blocks: known whole.
    expect(
      changes({
        kind: 'created',
        groupId: '9',
        admin: 'cosmos1admin',
        metadata: '',
        members: [{ address: 'a', weight: '1' }],
      }),
    ).toEqual([
      ['9', 'created', null, null, 'cosmos1admin'],
      ['9', 'member_added', 'a', null, '1'],
    ]);
    expect(
      changes(
        members('9', [
          ['a', '3'],
          ['b', '2'],
          ['a', '0.000'],
        ]),
      ),
    ).toEqual([
      ['9', 'weight_changed', 'a', '1', '3'],
      ['9', 'member_added', 'b', null, '2'],
      ['9', 'member_removed', 'a', '3', null],
    ]);
    // Older than these blocks: a first weight says neither joined nor changed; a removal is sure.
    expect(changes(members('1', [['d', '5']]))).toEqual([]);
    expect(changes(members('1', [['d', '6']]))).toEqual([['1', 'weight_changed', 'd', '5', '6']]);
    expect(changes({ kind: 'left', groupId: '1', address: 'e' })).toEqual([['1', 'member_removed', 'e', null, null]]);
    expect(changes({ kind: 'left', groupId: '1', address: 'd' })).toEqual([['1', 'member_removed', 'd', '6', null]]);
    expect(changes({ kind: 'metadata', groupId: '1', metadata: 'x' })).toEqual([]);
    expect(changes({ kind: 'metadata', groupId: '1', metadata: 'y' })).toEqual([
      ['1', 'metadata_changed', null, 'x', 'y'],
    ]);
    expect(changes({ kind: 'admin', groupId: '1', from: 'p', to: 'q' })).toEqual([
      ['1', 'admin_changed', null, 'p', 'q'],
    ]);
    // A change no message shows: what was known of the group is not any more.
    expect(changes({ kind: 'unseen', groupId: '9' })).toEqual([]);
    expect(changes(members('9', [['b', '4']]))).toEqual([]);
    expect(changes(members('9', [['b', '5']]))).toEqual([['9', 'weight_changed', 'b', '4', '5']]);
  });
});
