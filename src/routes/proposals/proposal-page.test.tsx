import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { chainAnswers, proposal, votes } from '../../test/chain-fixtures.ts';
import { stubNode } from '../../test/fake-node.ts';
import { renderRoute } from '../../test/render-route.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the proposal page, mounted through the real route table', () => {
  it('shows the proposal, its live tally against the policy, and its votes', async () => {
    stubNode(chainAnswers);
    renderRoute('/proposals/7');
    expect(await screen.findByRole('heading', { name: 'Raise the budget', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('tally-live')).toBeInTheDocument();
    const outcome = await screen.findByTestId('tally-outcome');
    expect(outcome).toHaveTextContent(
      'At current membership and weights, the pass line is 3 yes weight (75% of 4). Every member has voted and yes ' +
        'is short of it, so as things stand the proposal will be rejected.',
    );
    // Group changes do not abort a proposal and the tally counts current weights: nothing is final yet.
    expect(outcome).toHaveTextContent('a change to the group’s members or weights can still move');
    expect(outcome).not.toHaveTextContent(/can no longer change/);
    expect(await screen.findByRole('table', { name: 'Votes' })).toHaveTextContent('Yes');
  });

  it('lists each vote with its weight and share by default, so the rows add up to the tally', async () => {
    stubNode(chainAnswers);
    renderRoute('/proposals/7');
    const table = await screen.findByRole('table', { name: 'Votes' });
    // Bob's 3 of the group's 4 and Alice's 1 of 4: the tally's Yes 1 and No 3, row by row.
    await vi.waitFor(() => expect(table).toHaveTextContent('75%'));
    expect(table).toHaveTextContent('25%');
    expect(within(table).getAllByRole('columnheader')[2]).toHaveTextContent('Weight now · share');
    expect(screen.queryByRole('button', { name: 'Show weights' })).toBeNull();
  });

  it('recounts the tally from every vote when asked, and only then', async () => {
    const { requests } = stubNode(chainAnswers);
    renderRoute('/proposals/7');
    const recount = await screen.findByRole('button', { name: 'Recount from every vote' });
    await vi.waitFor(() => expect(recount).toBeEnabled());
    // Not recounted before it is asked (the page may list the voters by itself, for who can still decide it).
    expect(screen.queryByTestId('audit-result')).toBeNull();
    await userEvent.click(recount);
    expect(await screen.findByTestId('audit-result')).toHaveTextContent(
      `The chain's tally adds up: ${votes.length} counted votes.`,
    );
    expect(requests).toContain('/cosmos/group/v1/group_members/1?pagination.limit=1000&pagination.count_total=true');
    expect(screen.getByRole('button', { name: 'Recount again' })).toBeEnabled();
  });

  it('keeps a final proposal still and explains its pruned votes', async () => {
    const accepted = {
      ...proposal,
      status: 'PROPOSAL_STATUS_ACCEPTED' as const,
      voting_period_end: '2026-01-03T00:00:00Z',
    };
    stubNode({
      ...chainAnswers,
      '/cosmos/group/v1/proposal/7': { proposal: accepted },
      '/cosmos/group/v1/votes_by_proposal/7': { votes: [], pagination: { next_key: null, total: '0' } },
    });
    renderRoute('/proposals/7');
    expect(await screen.findByTestId('tally-final')).toBeInTheDocument();
    // One account of its votes: pruned by the chain, and no archive here kept them.
    expect(await screen.findByTestId('votes-pruned-note')).toHaveTextContent(
      'The chain pruned this proposal’s votes when it tallied them; the final tally above is what it keeps. ' +
        'This endpoint has no archive that kept them.',
    );
    expect(screen.queryByText(/0 votes/)).toBeNull();
    // Why it passed, from its stored final tally; today's rule is named as today's.
    expect(await screen.findByTestId('tally-verdict')).toHaveTextContent(
      'AcceptedWhen the chain tallied it, the yes weight (0) reached its policy’s pass line (today: threshold 3).',
    );
    // Without the votes there is nothing to recount, and the panel says why.
    await screen.findByRole('link', { name: '#1 Core contributors' });
    expect(screen.getByRole('button', { name: 'Recount from every vote' })).toBeDisabled();
    expect(screen.getByText(/no archive that kept them: the final tally cannot be recounted/)).toBeInTheDocument();
  });
});
