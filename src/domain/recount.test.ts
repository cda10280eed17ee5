import { describe, expect, it } from 'vitest';

import type { GroupMember, Vote } from '../api/schemas.ts';
import { recount, sameTally, sumCounted } from './recount.ts';

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

/** A tally: yes, abstain, no and veto, in the chain's field order. */
const tallyOf = (yes: string, abstain: string, no: string, veto: string) => ({
  yes_count: yes,
  abstain_count: abstain,
  no_count: no,
  no_with_veto_count: veto,
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
    expect(result).toEqual({ tally: tallyOf('1.833333333333333333', '0', '2', '0'), counted: 3, skipped: ['gone'] });
  });
  it('compares tallies by value, not by spelling', () => {
    const chain = { yes_count: '2.50', abstain_count: '0.0', no_count: '1', no_with_veto_count: '0' };
    expect(sameTally(chain, { yes_count: '2.5', abstain_count: '0', no_count: '1.00', no_with_veto_count: '0' })).toBe(
      true,
    );
    expect(sameTally(chain, { ...chain, no_count: '1.000000000000000001' })).toBe(false);
  });

  it('adds each of the four options to its own count', () => {
    // Weights of different sizes, one voter an option: an option counted under another's field
    // (abstain under veto, no under yes) moves a figure to the wrong place.
    const ballots: [string, Vote['option'], string][] = [
      ['y', 'VOTE_OPTION_YES', '1'],
      ['a', 'VOTE_OPTION_ABSTAIN', '20'],
      ['n', 'VOTE_OPTION_NO', '300'],
      ['v', 'VOTE_OPTION_NO_WITH_VETO', '4000'],
      ['u', 'VOTE_OPTION_UNSPECIFIED', '50000'],
    ];
    const result = recount(
      ballots.map(([voter, option]) => vote(voter, option)),
      ballots.map(([voter, , weight]) => member(voter, weight)),
    );
    expect(result).toEqual({ tally: tallyOf('1', '20', '300', '4000'), counted: 4, skipped: ['u'] });
  });
});

describe('adding up the archived votes of a decided proposal', () => {
  it('adds each vote at the weight it counted with, each option to its own count', () => {
    const result = sumCounted([
      { voter: 'y', option: 'VOTE_OPTION_YES', weight: '1.5' },
      { voter: 'y2', option: 'VOTE_OPTION_YES', weight: '0.000000000000000001' },
      { voter: 'a', option: 'VOTE_OPTION_ABSTAIN', weight: '20' },
      { voter: 'n', option: 'VOTE_OPTION_NO', weight: '300' },
      { voter: 'v', option: 'VOTE_OPTION_NO_WITH_VETO', weight: '4000' },
    ]);
    expect(result).toEqual({ tally: tallyOf('1.500000000000000001', '20', '300', '4000'), counted: 5, skipped: [] });
  });

  it('skips votes that counted nothing (the voter had left) and options the chain does not count', () => {
    const result = sumCounted([
      { voter: 'left', option: 'VOTE_OPTION_YES', weight: null },
      { voter: 'unsure', option: 'VOTE_OPTION_UNSPECIFIED', weight: '7' },
      { voter: 'future', option: 'VOTE_OPTION_SOMETHING_NEW', weight: '9' },
      { voter: 'n', option: 'VOTE_OPTION_NO', weight: '2' },
    ]);
    expect(result).toEqual({ tally: tallyOf('0', '0', '2', '0'), counted: 1, skipped: ['left', 'unsure', 'future'] });
  });
});
