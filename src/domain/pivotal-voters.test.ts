import { describe, expect, it } from 'vitest';

import { readPolicy } from './decision-policies.ts';
import { pivotalVoters, pivotalWords } from './pivotal-voters.ts';

// Who can still decide an open proposal, by the policy's own rule at the group's weights.

const windows = { voting_period: '86400s', min_execution_period: '0s' };
const threshold = (value: string) =>
  readPolicy({ '@type': '/cosmos.group.v1.ThresholdDecisionPolicy', threshold: value, windows });
const percentage = (value: string) =>
  readPolicy({ '@type': '/cosmos.group.v1.PercentageDecisionPolicy', percentage: value, windows });
const tally = (yes: string, no = '0') => ({
  yes_count: yes,
  no_count: no,
  abstain_count: '0',
  no_with_veto_count: '0',
});
const members = [
  { address: 'alice', weight: '1' },
  { address: 'bob', weight: '1' },
  { address: 'carol', weight: '1' },
  { address: 'dave', weight: '1' },
  { address: 'erin', weight: '1' },
];

const words = (...args: Parameters<typeof pivotalVoters>) => pivotalWords(pivotalVoters(...args)!);

describe('who can still decide an open proposal', () => {
  it('says any two of the members who have not voted would pass it', () => {
    // Threshold 3 of 5, alice voted yes, bob no: carol, dave and erin remain; any two of them pass it.
    expect(words(threshold('3'), tally('1', '1'), '5', members, new Set(['alice', 'bob']))).toEqual([
      '3 members have not voted, holding 3 weight. Yes needs 2 more to pass.',
      'Any two of carol, dave and erin voting yes would pass it.',
    ]);
  });

  it('names who could pass it alone, and who could make it fail alone, as the votes arrive', () => {
    const voted = new Set(['alice', 'bob', 'carol']);
    // Yes 2 of a threshold of 3: any one remaining yes passes it.
    expect(words(threshold('3'), tally('2', '1'), '5', members, voted)).toEqual([
      '2 members have not voted, holding 2 weight. Yes needs 1 more to pass.',
      'Any one of dave or erin could pass it alone by voting yes.',
    ]);
    // Yes 1 and two no of a threshold of 3: both remaining yes are needed, so either can sink it.
    expect(words(threshold('3'), tally('1', '2'), '5', members, voted)).toEqual([
      '2 members have not voted, holding 2 weight. Yes needs 2 more to pass.',
      'It passes only if all 2 who have not voted vote yes.',
      'Each of dave and erin could make it fail alone by voting anything but yes, or by not voting.',
    ]);
  });

  it('finds the fewest by weight, exactly, and says when only one group of them would do', () => {
    const weighted = [
      { address: 'whale', weight: '5.5' },
      { address: 'mid', weight: '2.25' },
      { address: 'small', weight: '0.25' },
      { address: 'voted', weight: '2' },
    ];
    // 60 % of 10 = 6; yes 0 so far: whale and mid (7.75) are needed together; whale with small is 5.75.
    const pivotal = pivotalVoters(percentage('0.6'), tally('0'), '10', weighted, new Set(['voted']))!;
    expect(pivotal.fewest).toEqual({ count: 2, anyOf: null, set: ['whale', 'mid'] });
    expect(pivotal.failAlone).toEqual(['whale', 'mid']);
    expect(pivotalWords(pivotal)[1]).toBe(
      'whale and mid voting yes would pass it; no one of those who have not voted could.',
    );
  });

  it('says no vote still to come can pass it once yes cannot reach the line, and nothing once it has', () => {
    expect(words(threshold('4'), tally('1', '2'), '5', members, new Set(['alice', 'bob', 'carol']))).toEqual([
      '2 members have not voted, holding 2 weight. Even all of them voting yes would leave yes 1 short of the line: no vote still to come can pass it.',
    ]);
    expect(words(threshold('2'), tally('2'), '5', members, new Set(['alice', 'bob']))).toEqual([]);
  });

  it('names at most six and counts the others', () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ address: `m${index + 10}`, weight: '1' }));
    expect(words(threshold('6'), tally('0'), '12', many, new Set())[1]).toBe(
      'Any six of the 12 who have not voted, voting yes, would pass it.',
    );
    // One group of many is needed: its size is said, not a list of hundreds.
    const weighted = [{ address: 'whale', weight: '100' }, ...many];
    expect(words(threshold('108'), tally('0'), '112', weighted, new Set())[1]).toBe(
      'At least 9 of them must vote yes to pass it: the 9 heaviest would, and no 8 could.',
    );
  });
});
