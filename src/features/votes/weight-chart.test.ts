import { describe, expect, it } from 'vitest';

import type { ArchivedVote } from '../../api/archive-records.ts';
import { dec } from '../../lib/decimal.ts';
import { chartSummary, cumulativeWeights, stepPath, topOf } from './weight-steps.ts';

const vote = (option: ArchivedVote['option'], weight: string | null, minute: number): ArchivedVote => ({
  proposal_id: '5',
  voter: `cosmos1voter${minute}`,
  option,
  metadata: '',
  submit_time: `2026-01-01T00:${String(minute).padStart(2, '0')}:00Z`,
  observed_height: '1',
  weight,
  pruned_from_chain: true,
});

describe('cumulative weight per option', () => {
  it('adds counted weights exactly, in the order votes came, skipping votes that did not count', () => {
    const steps = cumulativeWeights([
      vote('VOTE_OPTION_YES', '0.100000000000000001', 1),
      vote('VOTE_OPTION_NO', '3', 2),
      vote('VOTE_OPTION_YES', null, 3),
      vote('VOTE_OPTION_YES', '0.200000000000000002', 4),
    ]);
    expect(steps).toHaveLength(3);
    const last = steps[2].totals;
    expect(last.get('VOTE_OPTION_YES')?.toFixed()).toBe('0.300000000000000003');
    expect(last.get('VOTE_OPTION_NO')?.toFixed()).toBe('3');
    expect(steps[0].totals.get('VOTE_OPTION_NO')?.toFixed()).toBe('0');
  });
});

describe('the step chart', () => {
  const steps = cumulativeWeights([
    vote('VOTE_OPTION_YES', '1', 0),
    vote('VOTE_OPTION_NO', '2', 30),
    vote('VOTE_OPTION_YES', '3', 59),
  ]);
  const scale = {
    x: (time: number) => (time - steps[0].time) / 60_000,
    y: (value: ReturnType<typeof dec>) => -Number(value),
  };

  it('holds each total level until the next vote, then goes straight up: never a slope', () => {
    expect(stepPath(steps, 'VOTE_OPTION_YES', scale)).toBe('M0,0 H0 V-1 H30 V-1 H59 V-4');
    expect(stepPath(steps, 'VOTE_OPTION_NO', scale)).toBe('M0,0 H0 V0 H30 V-2 H59 V-2');
    expect(stepPath(steps, 'VOTE_OPTION_YES', scale)).not.toMatch(/L/);
  });

  it('says in words what it shows: both axes, the span of time, and where each line ends', () => {
    expect(topOf(steps).toFixed()).toBe('4');
    expect(chartSummary(steps)).toBe(
      'Step chart of the counted weight per option (vertical axis, 0 to 4) against the time of each vote ' +
        '(horizontal axis, 2026-01-01 00:00:00 UTC to 2026-01-01 00:59:00 UTC), over 3 counted votes; ' +
        'at the end: Yes 4, No 2, No with veto 0, Abstain 0.',
    );
  });
});
