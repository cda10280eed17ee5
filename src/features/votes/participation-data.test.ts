import { describe, expect, it } from 'vitest';

import type { VoterGroup } from '../../api/archive-voter-groups.ts';
import { atHeight, spanWords, totalsOf, voteFates } from './participation-data.ts';

const none = { count: '0', first: [] };
const group = (over: Partial<VoterGroup>): VoterGroup => ({
  group_id: '35',
  group_name: 'Departed member',
  member_now: false,
  weight_now: null,
  spans: [],
  proposals_while_member: '0',
  voted: '0',
  votes: '0',
  votes_outside: none,
  proposals_before_archive: '0',
  votes_counted: '0',
  votes_not_counted: none,
  votes_pending: none,
  votes_never_tallied: '0',
  ...over,
});

describe('participation in words', () => {
  it('names a height grouped, with its day', () => {
    expect(atHeight('518402', '2026-11-24T11:24:41.873215596Z')).toBe('height 518,402 (2026-11-24)');
    expect(atHeight('1234', null)).toBe('height 1,234');
  });

  it('says how a span began and ended', () => {
    const span = {
      from: 'joined' as const,
      from_height: '1234',
      from_time: '2026-11-02T10:00:00Z',
      to_height: '2000',
      to_time: '2026-11-03T10:00:00Z',
      weights: [],
    };
    expect(spanWords(span)).toEqual({
      from: 'joined at height 1,234 (2026-11-02)',
      to: 'left at height 2,000 (2026-11-03)',
    });
    expect(spanWords({ ...span, from: 'known', to_height: null, to_time: null })).toEqual({
      from: 'a member when the archive began, at height 1,234 (2026-11-02)',
      to: 'still a member',
    });
  });

  it('adds up to every vote: those on proposals open while a member, and those outside', () => {
    const totals = totalsOf([
      group({ proposals_while_member: '19', voted: '12', votes: '12', member_now: true }),
      group({ votes: '1', votes_outside: { count: '1', first: [{ proposal_id: '66', vote_time: '' }] } }),
    ]);
    expect(totals).toMatchObject({ groups: 2, memberNow: 1, proposals: 19n, voted: 12n, votes: 13n, outside: 1n });
    expect(totals.voted + totals.outside).toBe(totals.votes);
  });

  it('explains a vote that did not count, and one that will not unless the voter rejoins', () => {
    const fates = voteFates(
      group({
        votes: '2',
        votes_not_counted: { count: '1', first: [{ proposal_id: '70', status: 'PROPOSAL_STATUS_ACCEPTED' }] },
        votes_pending: { count: '1', first: [{ proposal_id: '66' }] },
      }),
    );
    expect(fates).toEqual([
      { text: '1 did not count: it was no longer a member when the tally was made', ids: ['70'] },
      {
        text: '1 not tallied yet, and it is not a member now: it will count only if it rejoins before voting ends',
        ids: ['66'],
      },
    ]);
  });
});
