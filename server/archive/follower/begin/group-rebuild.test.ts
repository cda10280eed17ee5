import { describe, expect, it } from 'vitest';

import { rebuildGroups } from './group-rebuild.ts';
import type { GroupStep } from './group-steps.ts';

// Groups and policies rebuilt from blocks as x/group would hold them: weights summed its way,
// versions bumped by its events, and a record a change no message shows left out, not guessed.

const THRESHOLD = {
  '@type': '/cosmos.group.v1.ThresholdDecisionPolicy',
  threshold: '2',
  windows: { voting_period: '60s', min_execution_period: '0s' },
};

const block = (height: number, steps: GroupStep[]) => ({ height: BigInt(height), time: `t${height}`, steps });

describe('rebuilding groups from their messages', () => {
  it('applies creations, member updates and policy changes in order, as x/group does', () => {
    const { groups, policies } = rebuildGroups(
      [
        block(10, [
          {
            kind: 'created',
            groupId: '1',
            admin: 'alice',
            metadata: 'm',
            members: [
              { address: 'alice', weight: '1.50', metadata: 'a' },
              { address: 'bob', weight: '1' },
            ],
          },
          {
            kind: 'policy_created',
            address: 'policy1',
            groupId: '1',
            admin: 'alice',
            metadata: '',
            decisionPolicy: THRESHOLD,
          },
        ]),
        block(11, [
          {
            kind: 'members',
            groupId: '1',
            updates: [
              { address: 'bob', weight: '0' },
              { address: 'carol', weight: '2' },
              { address: 'alice', weight: '3' },
            ],
          },
          { kind: 'group_bumped', groupId: '1' },
          { kind: 'policy_changed', address: 'policy1', admin: 'policy1' },
          { kind: 'policy_bumped', address: 'policy1' },
        ]),
      ],
      null,
    );
    expect(groups).toEqual([
      {
        group: { id: '1', admin: 'alice', metadata: 'm', version: '2', total_weight: '5.00', created_at: 't10' },
        members: [
          { address: 'alice', weight: '3', metadata: '', added_at: 't10' },
          { address: 'carol', weight: '2', metadata: '', added_at: 't11' },
        ],
        from: 10n,
        height: 11n,
      },
    ]);
    expect(policies).toEqual([
      {
        policy: {
          address: 'policy1',
          group_id: '1',
          admin: 'policy1',
          metadata: '',
          version: '2',
          decision_policy: THRESHOLD,
          created_at: 't10',
        },
        height: 11n,
      },
    ]);
  });

  it('leaves out a group or policy changed in a way no message shows', () => {
    const created: GroupStep = { kind: 'created', groupId: '1', admin: 'a', metadata: '', members: [] };
    const policy: GroupStep = {
      kind: 'policy_created',
      address: 'p',
      groupId: '1',
      admin: 'a',
      metadata: '',
      decisionPolicy: THRESHOLD,
    };
    const { groups, policies } = rebuildGroups(
      [
        block(1, [created, policy]),
        block(2, [
          { kind: 'unseen', groupId: '1' },
          { kind: 'group_bumped', groupId: '1' },
          { kind: 'policy_bumped', address: 'p' },
        ]),
      ],
      null,
    );
    expect(groups).toEqual([]);
    expect(policies).toEqual([]);
  });
});
