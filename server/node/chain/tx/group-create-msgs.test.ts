import { ThresholdDecisionPolicy } from 'cosmjs-types/cosmos/group/v1/types';
import { describe, expect, it } from 'vitest';

import { Accounts } from '../../sim/activity/accounts.ts';
import { GovKeeper } from '../gov/keeper.ts';
import { GroupKeeper } from '../group/keeper.ts';
import { UpgradeKeeper } from '../upgrade/keeper.ts';
import { chainMsgFromAny, packMsg, type ChainMsg } from './chain-msgs.ts';
import { routeMsg } from './msg-router.ts';

// The group-creating messages a real chain's blocks carry (the differential test replays them):
// decoded from their Any, run by the router, with x/group's side effects on its indexes.

const accounts = new Accounts('group-create-msgs');
const [alice, bob] = ['alice', 'bob'].map((label) => accounts.account(label));
const T = Date.parse('2026-11-01T12:00:00Z');
const threshold = {
  typeUrl: '/cosmos.group.v1.ThresholdDecisionPolicy',
  value: ThresholdDecisionPolicy.encode({
    threshold: '1',
    windows: { votingPeriod: { seconds: 60n, nanos: 0 }, minExecutionPeriod: { seconds: 0n, nanos: 0 } },
  }).finish(),
};

function chain() {
  const upgrade = new UpgradeKeeper();
  const context = {
    group: new GroupKeeper(new Map()),
    upgrade,
    gov: new GovKeeper({ execute: () => undefined, checkpoint: () => upgrade.checkpoint() }),
    height: 5n,
    time: T,
  };
  // Through the Any, as a block carries it.
  const run = (msg: ChainMsg) => routeMsg(chainMsgFromAny(packMsg(msg))!, context);
  return { store: context.group.store, run };
}

describe('group creation messages on the simulated chain', () => {
  it('makes a self-governed group: the policy becomes both admins, each listed under it and no longer under the creator', () => {
    const { store, run } = chain();
    run({
      typeUrl: '/cosmos.group.v1.MsgCreateGroupWithPolicy',
      value: {
        admin: alice,
        members: [{ address: bob, weight: '1', metadata: '' }],
        groupMetadata: 'g',
        groupPolicyMetadata: 'p',
        groupPolicyAsAdmin: true,
        decisionPolicy: threshold,
      },
    });
    const group = store.group(1n)!;
    const policy = store.policyOf(group.admin)!;
    expect([group.version, policy.version, policy.admin]).toEqual([2n, 2n, group.admin]);
    expect(store.groupsByAdmin(store.addressKey(alice)).size).toBe(0);
    expect(store.groupsByAdmin(store.addressKey(group.admin)).size).toBe(1);
    expect(store.policiesByAdmin(store.addressKey(alice)).size).toBe(0);
    expect(store.policiesByAdmin(store.addressKey(group.admin)).size).toBe(1);
  });

  it('refuses a policy for a group by someone who is not its admin, leaving no policy', () => {
    const { store, run } = chain();
    run({
      typeUrl: '/cosmos.group.v1.MsgCreateGroup',
      value: { admin: alice, members: [{ address: bob, weight: '1', metadata: '' }], metadata: '' },
    });
    expect(() =>
      run({
        typeUrl: '/cosmos.group.v1.MsgCreateGroupPolicy',
        value: { admin: bob, groupId: 1n, metadata: '', decisionPolicy: threshold },
      }),
    ).toThrow('not group admin: unauthorized');
    expect(store.policySeq).toBe(0n);
  });

  it('accepts an address it never saw (a new account) and refuses one that does not decode', () => {
    const { run } = chain();
    const fresh = new Accounts('someone else').account('newcomer');
    const create = (address: string) =>
      run({
        typeUrl: '/cosmos.group.v1.MsgCreateGroup',
        value: { admin: alice, members: [{ address, weight: '1', metadata: '' }], metadata: '' },
      });
    expect(() => create(fresh)).not.toThrow();
    expect(() => create('cosmos1notanaddress')).toThrow('unknown address');
  });
});
