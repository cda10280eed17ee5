import { fromBech32, toHex } from '@cosmjs/encoding';
import { describe, expect, it } from 'vitest';

import { bytesOfHex } from '../bytes.ts';
import { statementOfRecord } from './facts.ts';

// x/group's secondary indexes and its proposal sequence, as the ORM lays them out: read from the
// key alone (an index entry's value is empty), whatever bytes the ids hold.

const POLICY = 'cosmos10ezj2lmcj3flaacqwrzv278aled0pen8cnx257sggeng2fdel53q36729n';
const policyBytes = fromBech32(POLICY).data;
const id = (value: bigint) => value.toString(16).padStart(16, '0');
const key = (hex: string) => bytesOfHex(hex)!;

describe('x/group index keys', () => {
  it('reads a policy of a group from the policies-by-group index, for a group id of any size', () => {
    const entry = key(`22${id(0x0102030405060708n)}${policyBytes.length.toString(16)}${toHex(policyBytes)}`);
    expect(statementOfRecord('group', entry, new Uint8Array(), 'cosmos')).toEqual({
      kind: 'policy-index',
      group_id: String(0x0102030405060708n),
      address: POLICY,
    });
  });

  it('reads a proposal of a policy from the proposals-by-policy index', () => {
    const entry = key(`32${policyBytes.length.toString(16)}${toHex(policyBytes)}${id(77n)}`);
    expect(statementOfRecord('group', entry, new Uint8Array(), 'cosmos')).toEqual({
      kind: 'proposal-index',
      group_policy_address: POLICY,
      proposal_id: '77',
    });
  });

  it('reads the proposal sequence: the last id it gave', () => {
    expect(statementOfRecord('group', key('3101'), key(id(154n)), 'cosmos')).toEqual({
      kind: 'proposal-sequence',
      last_id: '154',
    });
  });
});
