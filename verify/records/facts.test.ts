import { fromBech32, toBech32 } from '@cosmjs/encoding';
import { GroupPolicyInfo, ThresholdDecisionPolicy } from 'cosmjs-types/cosmos/group/v1/types';
import { describe, expect, it } from 'vitest';

import { durationText, statementOfRecord } from './facts.ts';

// A store record read back in the archive's words: what a policy's proven bytes say must read
// exactly as the node's JSON of the same policy, or every proven policy would disagree.

const address = toBech32('cosmos', new Uint8Array(32).fill(7));
const policyKey = Uint8Array.from([0x20, 0x00, 32, ...fromBech32(address).data]);

describe('a policy record', () => {
  it('says its group, admin, version and rules as the node’s JSON does', () => {
    const value = GroupPolicyInfo.encode(
      GroupPolicyInfo.fromPartial({
        address,
        groupId: 12n,
        admin: 'cosmos1admin',
        version: 3n,
        decisionPolicy: {
          typeUrl: '/cosmos.group.v1.ThresholdDecisionPolicy',
          value: ThresholdDecisionPolicy.encode({
            threshold: '2.5',
            windows: {
              votingPeriod: { seconds: 86400n, nanos: 0 },
              minExecutionPeriod: { seconds: 1n, nanos: 500_000_000 },
            },
          }).finish(),
        },
      }),
    ).finish();
    expect(statementOfRecord('group', policyKey, value, 'cosmos')).toEqual({
      kind: 'policy',
      address,
      group_id: '12',
      admin: 'cosmos1admin',
      version: '3',
      decision_policy: 'threshold 2.5, voting period 86400s, minimum execution period 1.500s',
      stored: 'yes',
    });
  });

  it('says its absence, by the address in its key', () => {
    expect(statementOfRecord('group', policyKey, null, 'cosmos')).toEqual({ kind: 'policy', address, stored: 'no' });
  });

  it('is not read from a key whose length byte does not match the address', () => {
    const key = Uint8Array.from([0x20, 0x00, 20, ...fromBech32(address).data]);
    expect(statementOfRecord('group', key, null, 'cosmos').kind).toBe('group-store-record');
  });
});

describe('durations', () => {
  it.each([
    [0n, 0, '0s'],
    [86400n, 0, '86400s'],
    [1n, 500_000_000, '1.500s'],
    [0n, 1_000, '0.000001s'],
    [2n, 1, '2.000000001s'],
  ])('%ss and %dns read %s', (seconds, nanos, text) => {
    expect(durationText({ seconds, nanos })).toBe(text);
  });
});
