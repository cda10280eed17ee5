import { describe, expect, it } from 'vitest';

import { Accounts } from '../../sim/activity/accounts.ts';
import type { AbciEvent } from '../events.ts';
import { GroupKeeper } from './keeper.ts';
import type { MemberInput } from './msg-server.ts';

// createLargeGroup is how the `large` scenario makes its million-member group; it must be
// createGroup, only faster: the same checks, the same stored state, the same event.

const accounts = new Accounts('create-group-test');
const [admin, a, b, c, d, e, stranger] = ['admin', 'a', 'b', 'c', 'd', 'e', 'stranger'].map((label) =>
  accounts.account(label),
);
const T = Date.parse('2026-11-01T12:00:00Z');
type Create = 'createGroup' | 'createLargeGroup';

/** A keeper with one group already made (so ids and tables are not empty), its events recorded. */
function keeper(): { group: GroupKeeper; events: AbciEvent[] } {
  const group = new GroupKeeper(accounts.book);
  group.msgs.createGroup(admin, [{ address: admin, weight: '1' }], 'first', T - 1000);
  const events: AbciEvent[] = [];
  group.store.events = (event) => events.push(event);
  return { group, events };
}

/** Everything a query could read afterwards: every table, the indexes and the member lookups. */
function stateOf(group: GroupKeeper) {
  const store = group.store;
  const keys = [admin, a, b, c, d, e].map((address) => store.addressKey(address));
  return {
    exported: group.exportState(),
    byMember: keys.map((key) => store.groupsByMember(key).values()),
    lookups: store.groups.values().map((info) => keys.map((key) => store.member(info.id, key))),
  };
}

const members: MemberInput[] = [
  { address: d, weight: '1.50', metadata: 'treasurer' },
  { address: a, weight: '2' },
  { address: e, weight: '0.000000000000000001' },
  { address: c, weight: '1e2', metadata: 'Ωmega 🌐' },
  { address: b, weight: '123456789.123456789012345678' },
];

describe('creating a group, one member at a time or in bulk', () => {
  it('stores the same group, members and indexes, and emits the same event', () => {
    const results = (['createGroup', 'createLargeGroup'] as Create[]).map((create) => {
      const { group, events } = keeper();
      const id = group.msgs[create](admin, members, '{"name":"Assembly"}', T);
      return { id, events, state: stateOf(group) };
    });
    expect(results[1]).toEqual(results[0]);
    expect(results[0].id).toBe(2n);
    expect(results[0].events).toEqual([
      { type: 'cosmos.group.v1.EventCreateGroup', attributes: [{ key: 'group_id', value: '"2"', index: true }] },
    ]);
    expect(results[0].state.exported.groups[1].totalWeight).toEqual({ coef: 123456892623456789012345679n, exp: -18 });
  });

  const refusals: [string, MemberInput[], string, string][] = [
    ['group metadata over 255 bytes', members, 'é'.repeat(128), 'group metadata: limit exceeded'],
    ['no members', [], '', 'group must not be empty'],
    ['a zero weight', [...members, { address: stranger, weight: '0' }], '', 'invalid member weight 0'],
    ['a negative weight', [...members, { address: stranger, weight: '-1' }], '', 'invalid member weight -1'],
    ['a weight that is no number', [...members, { address: stranger, weight: '1,5' }], '', 'invalid member weight 1,5'],
    ['a member twice', [...members, { address: b, weight: '3' }], '', 'duplicate member'],
    [
      'member metadata over 255 bytes',
      [...members, { address: stranger, weight: '1', metadata: 'x'.repeat(256) }],
      '',
      'member metadata: limit exceeded',
    ],
    ['an address the chain never saw', [...members, { address: 'cosmos1unknown', weight: '1' }], '', 'unknown address'],
  ];

  it.each(refusals)('refuses %s the same way, leaving no trace', (_, input, metadata, error) => {
    for (const create of ['createGroup', 'createLargeGroup'] as Create[]) {
      const { group, events } = keeper();
      const before = stateOf(group);
      expect(() => group.msgs[create](admin, input, metadata, T), create).toThrow(error);
      expect(stateOf(group), create).toEqual(before);
      expect(events, create).toEqual([]);
      // The refused message used no group id either.
      expect(group.msgs[create](admin, members, '', T), create).toBe(2n);
    }
  });
});
