import { describe, expect, it } from 'vitest';

import type { ArchivedVote } from '../../api/archive.ts';
import { cumulativeWeights } from './weight-chart.tsx';

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
