import { describe, expect, it } from 'vitest';

import { evaluatePolicy, readPolicy, type Evaluation } from './decision-policies.ts';
import { finalTallyWords, openTallyWords } from './tally-words.ts';

const standing = (evaluation: Evaluation | null) =>
  evaluation && { yes_needed: evaluation.needed.toFixed(), outcome: evaluation.outcome };

const threshold = (value: string) =>
  readPolicy({
    '@type': '/cosmos.group.v1.ThresholdDecisionPolicy',
    threshold: value,
    windows: { voting_period: '600s', min_execution_period: '0s' },
  });
const tally = (yes: string, no: string, abstain = '0', veto = '0') => ({
  yes_count: yes,
  no_count: no,
  abstain_count: abstain,
  no_with_veto_count: veto,
});

describe('a tally in words, for list rows', () => {
  it('says how much yes is still needed, of the whole weight', () => {
    const counts = tally('4', '1');
    expect(openTallyWords(counts, '6', standing(evaluatePolicy(threshold('5'), counts, '6')))).toBe(
      'Yes weight 4 of 6 · No 1 · 1 more needed',
    );
  });

  it('names every option that has weight, and says when yes has reached the line or cannot', () => {
    const passing = tally('5', '0', '0.5', '0');
    expect(openTallyWords(passing, '6', standing(evaluatePolicy(threshold('5'), passing, '6')))).toBe(
      'Yes weight 5 of 6 · Abstain 0.5 · pass line reached',
    );
    const failing = tally('1', '2', '0', '2');
    expect(openTallyWords(failing, '6', standing(evaluatePolicy(threshold('3'), failing, '6')))).toBe(
      'Yes weight 1 of 6 · No 2 · Veto 2 · cannot pass as things stand',
    );
  });

  it('says why a group with no weight left passes with no yes at all, rather than "0 of 0 · pass line reached"', () => {
    const none = tally('0', '0');
    expect(openTallyWords(none, '0', standing(evaluatePolicy(threshold('2'), none, '0')))).toBe(
      'Yes weight 0 of 0 · passes: with no weight left in the group, x/group’s min(threshold, total weight) rule asks for none',
    );
  });

  it('says only the counts where the policy or the total is not known', () => {
    expect(openTallyWords(tally('2', '0'))).toBe('Yes weight 2');
    expect(finalTallyWords({ yes_count: '4', no_count: '2' })).toBe('Yes weight 4 · No 2');
  });
});
