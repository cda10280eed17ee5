import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { VoterGroups } from '../../api/archive-voter-groups.ts';
import { alice } from '../../test/chain-fixtures.ts';
import { stubNodeAndArchive } from '../../test/fake-archive.ts';
import { renderWithApp } from '../../test/render.tsx';
import { Participation } from './participation.tsx';

afterEach(() => vi.unstubAllGlobals());

const none = { count: '0', first: [] };
const groups: VoterGroups = {
  address: alice,
  archive_from_height: '518402',
  archive_from_time: '2026-11-24T11:24:41.873215596Z',
  as_of_height: '519000',
  as_of_time: '2026-11-24T12:00:00Z',
  groups: [
    {
      group_id: '31',
      group_name: 'Core \u202Econtributors',
      member_now: true,
      weight_now: '2',
      spans: [
        {
          from: 'known',
          from_height: '518402',
          from_time: '2026-11-24T11:24:41Z',
          to_height: null,
          to_time: null,
          weights: [
            { height: '518402', time: '2026-11-24T11:24:41Z', weight: '1' },
            { height: '518832', time: '2026-11-24T11:39:02Z', weight: '2' },
          ],
        },
      ],
      proposals_while_member: '19',
      voted: '12',
      votes: '13',
      votes_outside: { count: '1', first: [{ proposal_id: '12', vote_time: '2026-11-20T00:00:00Z' }] },
      proposals_before_archive: '3',
      votes_counted: '13',
      votes_not_counted: none,
      votes_pending: none,
      votes_never_tallied: '0',
    },
    {
      group_id: '35',
      group_name: 'Departed member',
      member_now: false,
      weight_now: null,
      spans: [
        {
          from: 'joined',
          from_height: '1234',
          from_time: '2026-11-02T10:00:00Z',
          to_height: '2345',
          to_time: '2026-11-03T10:00:00Z',
          weights: [{ height: '1234', time: '2026-11-02T10:00:00Z', weight: '3' }],
        },
      ],
      proposals_while_member: '2',
      voted: '1',
      votes: '1',
      votes_outside: none,
      proposals_before_archive: '0',
      votes_counted: '0',
      votes_not_counted: { count: '1', first: [{ proposal_id: '70', status: 'PROPOSAL_STATUS_ACCEPTED' }] },
      votes_pending: none,
      votes_never_tallied: '0',
    },
  ],
  pagination: { next_key: null, total: '2' },
};

describe('participation by group', () => {
  it('lists a group the voter left with its join and leave, and adds up to the list of votes', async () => {
    stubNodeAndArchive({ [`voters/${alice}/groups`]: groups });
    renderWithApp(<Participation endpoint="" address={alice} listed="14" />);
    const table = await screen.findByRole('table', { name: /Every group this address was a member of/ });
    const left = within(table).getByRole('row', { name: /#35.Departed member/ });
    expect(left).toHaveTextContent(
      'Joined at height 1,234 (2026-11-02) with weight 3; left at height 2,345 (2026-11-03).',
    );
    expect(left).toHaveTextContent('not a member now');
    expect(left).toHaveTextContent('1 did not count: it was no longer a member when the tally was made (#70)');
    const core = within(table).getByRole('row', { name: /#31.Core/ });
    expect(core).toHaveTextContent('weight 1; weight 2 from height 518,832 (2026-11-24); still a member.');
    expect(core).toHaveTextContent('12 of 19 proposals (≈ 63.16%)');
    expect(core).toHaveTextContent('⟨RLO⟩');
    expect(screen.getByTestId('participation-summary')).toHaveTextContent(
      'Voted on 13 of 21 proposals (≈ 61.9%) open for votes while a member, in 2 groups (1 now, 1 left).',
    );
    expect(screen.getByTestId('participation-votes')).toHaveTextContent(
      'With 1 more vote cast before the archive saw the membership, that is 14 votes in all, as listed below.',
    );
    expect(screen.getByText(/Left out: 3 proposals that closed before then/)).toBeInTheDocument();
  });
});
