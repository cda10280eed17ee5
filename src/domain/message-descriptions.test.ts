import { describe, expect, it } from 'vitest';

import { describeMessage } from './message-descriptions.ts';

describe('messages in plain words', () => {
  it('says what a bank send does, with both addresses', () => {
    const description = describeMessage({
      '@type': '/cosmos.bank.v1beta1.MsgSend',
      from_address: 'cosmos1from',
      to_address: 'cosmos1to',
      amount: [{ denom: 'stake', amount: '1500000' }],
    });
    expect(description?.summary).toBe('Send 1,500,000 stake.');
    expect(description?.facts).toEqual([
      { label: 'From', value: 'cosmos1from', kind: 'address' },
      { label: 'To', value: 'cosmos1to', kind: 'address' },
    ]);
  });
  it('tells added members from removed ones (weight 0)', () => {
    const description = describeMessage({
      '@type': '/cosmos.group.v1.MsgUpdateGroupMembers',
      admin: 'cosmos1admin',
      group_id: '7',
      member_updates: [
        { address: 'cosmos1a', weight: '2', metadata: '' },
        { address: 'cosmos1b', weight: '0', metadata: '' },
      ],
    });
    expect(description?.summary).toBe('Change the members of group #7: add or reweigh 1, remove 1.');
    expect(description?.facts.map((item) => item.label)).toEqual(['Group', 'Weight 2', 'Remove']);
  });
  it('reads a policy change, an upgrade plan, a gov vote and an authz exec', () => {
    expect(
      describeMessage({
        '@type': '/cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicy',
        group_policy_address: 'cosmos1policy',
        decision_policy: {
          '@type': '/cosmos.group.v1.PercentageDecisionPolicy',
          percentage: '0.5',
          windows: { voting_period: '86400s', min_execution_period: '0s' },
        },
      })?.summary,
    ).toBe('Change how a group policy decides: 50% of weight · votes 1 day. Its open proposals are aborted.');
    expect(
      describeMessage({
        '@type': '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade',
        plan: { name: 'v2', height: '1200', info: 'see https://example.org' },
      })?.facts,
    ).toEqual([{ label: 'Plan info', value: 'see https://example.org', kind: 'text' }]);
    expect(
      describeMessage({
        '@type': '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade',
        plan: { name: 'v2', height: '1200000', info: '' },
      })?.summary,
    ).toBe('Schedule the software upgrade “v2” at height 1,200,000: nodes stop there until they run the new version.');
    expect(
      describeMessage({
        '@type': '/cosmos.gov.v1.MsgVote',
        proposal_id: '3',
        voter: 'cosmos1v',
        option: 'VOTE_OPTION_NO',
      })?.summary,
    ).toBe('Vote no on governance proposal #3.');
    const exec = describeMessage({
      '@type': '/cosmos.authz.v1beta1.MsgExec',
      grantee: 'cosmos1g',
      msgs: [{ '@type': '/cosmos.bank.v1beta1.MsgSend', amount: [] }],
    });
    expect(exec?.inner).toHaveLength(1);
  });
  it('leaves unknown types and malformed messages to their JSON', () => {
    expect(describeMessage({ '@type': '/x.y.MsgUnknown' })).toBeNull();
    expect(describeMessage({ '@type': '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade', plan: 'nope' })).toBeNull();
  });
});
