import { describe, expect, it } from 'vitest';

import type { GroupMember, Vote } from '../api/schemas.ts';
import { recount, sameTally } from './recount.ts';

const member = (address: string, weight: string): GroupMember => ({
  group_id: '1',
  member: { address, weight, metadata: '', added_at: '2026-01-01T00:00:00Z' },
});
const vote = (voter: string, option: Vote['option']): Vote => ({
  proposal_id: '1',
  voter,
  option,
  metadata: '',
  submit_time: '2026-01-01T00:00:00Z',
});

describe('recounting a tally from votes and members', () => {
  it('weighs each vote by the current weight and skips former members', () => {
    const result = recount(
      [
        vote('a', 'VOTE_OPTION_YES'),
        vote('b', 'VOTE_OPTION_YES'),
        vote('c', 'VOTE_OPTION_NO'),
        vote('gone', 'VOTE_OPTION_YES'),
      ],
      [member('a', '1.50'), member('b', '0.333333333333333333'), member('c', '2')],
    );
    expect(result.tally).toEqual({
      yes_count: '1.833333333333333333',
      abstain_count: '0',
      no_count: '2',
      no_with_veto_count: '0',
    });
    expect(result.counted).toBe(3);
    expect(result.skipped).toEqual(['gone']);
  });
  it('compares tallies by value, not by spelling', () => {
    const chain = { yes_count: '2.50', abstain_count: '0.0', no_count: '1', no_with_veto_count: '0' };
    expect(sameTally(chain, { yes_count: '2.5', abstain_count: '0', no_count: '1.00', no_with_veto_count: '0' })).toBe(
      true,
    );
    expect(sameTally(chain, { ...chain, no_count: '1.000000000000000001' })).toBe(false);
  });
});
