import { afterEach, describe, expect, it, vi } from 'vitest';

import { text } from '../../../lib/apd-dec.ts';
import { openNode } from '../../../test/harness.ts';
import { updateMembersMsg } from '../../sim/activity/tx-messages.ts';
import { ChainNode } from '../../sim/chain-node.ts';
import type { ChainMsg } from '../tx/chain-msgs.ts';
import { totalWeightInvariant } from './invariants.ts';

const LIVE_BLOCKS = 1500;

const leaveMsg = (groupId: bigint, address: string): ChainMsg => ({
  typeUrl: '/cosmos.group.v1.MsgLeaveGroup',
  value: { groupId, address },
});

/** Runs the invariant after every block the node executes: its genesis history's and live ones. */
function checkAfterEveryBlock(): { blocks: number } {
  const counter = { blocks: 0 };
  const block = ChainNode.prototype.block;
  vi.spyOn(ChainNode.prototype, 'block').mockImplementation(function (this: ChainNode, height, time, txs) {
    block.call(this, height, time, txs);
    counter.blocks++;
    expect(totalWeightInvariant(this.group.store), `after block ${height}`).toBeNull();
  });
  return counter;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("x/group's TotalWeight invariant", () => {
  it('holds after every block of the demo chain: its history, genesis, and live blocks', () => {
    const checked = checkAfterEveryBlock();
    const node = openNode();
    const store = node.group.store;
    // The 30-day history (groups created, members leaving) ran block by block, checked after each.
    expect(checked.blocks).toBeGreaterThan(100);
    expect(totalWeightInvariant(store)).toBeNull();

    const { people: p, groups, communityMembers } = node.cast;
    const communityAtGenesis = store.membersOf(groups.community).size;
    const grantsAtGenesis = store.group(groups.grants)!;
    const oversizedAtGenesis = store.group(groups.oversized)!;
    // Besides the simulated users' own transactions (weight changes and newcomers in the
    // community), a few more member changes: a leave, a removal, exact decimals, and refusals.
    const planned = new Map<number, ChainMsg[]>([
      [5, [leaveMsg(groups.community, communityMembers[5])]],
      [
        10,
        [
          updateMembersMsg(p.bob, groups.grants, [
            { address: p.frank, weight: '0' },
            { address: p.heidi, weight: '0.000000000000000001' },
            { address: p.erin, weight: '2.750' },
          ]),
        ],
      ],
      // Refused: it would empty the group. Nothing of it may stay.
      [
        15,
        [
          updateMembersMsg(
            p.dave,
            groups.oversized,
            [p.heidi, p.ivan, p.judy, p.vera].map((address) => ({ address, weight: '0' })),
          ),
        ],
      ],
      // Refused at its second update: the first must not stay either.
      [
        20,
        [
          updateMembersMsg(p.bob, groups.grants, [
            { address: p.grace, weight: '7' },
            { address: p.vera, weight: '-1' },
          ]),
        ],
      ],
      [
        25,
        [
          leaveMsg(groups.grants, p.vera),
          updateMembersMsg(p.dave, groups.oversized, [{ address: p.ivan, weight: '0' }]),
        ],
      ],
    ]);

    const results = { simulatorUpdates: 0, leaves: 0, refused: 0 };
    for (let i = 1; i <= LIVE_BLOCKS; i++) {
      for (const msg of planned.get(i) ?? []) node.inject(msg);
      node.produceBlock(node.time + 5000);
      for (const result of node.blocks.latest!.txResults) {
        if (result.code !== 0) results.refused++;
        for (const event of result.events) {
          if (event.type === 'cosmos.group.v1.EventLeaveGroup') results.leaves++;
          const group = event.attributes.find((attribute) => attribute.key === 'group_id')?.value;
          if (event.type === 'cosmos.group.v1.EventUpdateGroup' && group === `"${groups.community}"`) {
            results.simulatorUpdates++;
          }
        }
      }
    }
    expect(checked.blocks).toBeGreaterThan(LIVE_BLOCKS);
    // The states kept for reads pinned to a height, as each block froze it, hold it too.
    for (let height = node.earliestStateHeight; height <= node.height; height++) {
      expect(totalWeightInvariant(node.stateAt(height)!.group), `block ${height} as committed`).toBeNull();
    }
    // The run held what it should: the simulator's own member changes, the leaves, the refusals.
    expect(results.simulatorUpdates).toBeGreaterThanOrEqual(5);
    expect(results.leaves).toBe(2);
    expect(results.refused).toBeGreaterThanOrEqual(2);
    expect(store.membersOf(groups.community).size).toBeGreaterThan(communityAtGenesis - 1);
    // Refused updates changed nothing; the accepted ones count exactly.
    const grants = store.group(groups.grants)!;
    expect(grants.version).toBe(grantsAtGenesis.version + 2n);
    expect(
      store
        .membersOf(groups.grants)
        .values()
        .map((m) => [m.address, m.weight]),
    ).toEqual(
      expect.arrayContaining([
        [p.erin, '2.750'],
        [p.grace, '2.25'],
        [p.heidi, '0.000000000000000001'],
      ]),
    );
    expect(store.membersOf(groups.grants).size).toBe(3);
    expect(text(grants.totalWeight)).toBe('5.000000000000000001');
    const oversized = store.group(groups.oversized)!;
    expect(oversized.version).toBe(oversizedAtGenesis.version + 1n);
    expect(store.membersOf(groups.oversized).size).toBe(3);
    expect(text(oversized.totalWeight)).toBe('2.5');
  });

  it('names the group whose total weight is off, and by how much', () => {
    const node = openNode();
    const store = node.group.store;
    const group = store.group(node.cast.groups.grants)!;
    store.putGroup({ ...group, totalWeight: { coef: 6n, exp: 0 } });
    expect(totalWeightInvariant(store)).toBe(
      'group: Group-TotalWeight invariant\n' +
        `group ${group.id}'s TotalWeight must be equal to the sum of its members' weights\n` +
        'group weight: 6\nSum of group members weights: 5.083333333333333333\n',
    );
    // The same value written with other trailing zeros is equal, as exact decimals are.
    store.putGroup({ ...group, totalWeight: { coef: 5083333333333333333000n, exp: -21 } });
    expect(totalWeightInvariant(store)).toBeNull();
  });
});
