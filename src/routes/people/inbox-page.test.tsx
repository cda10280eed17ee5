import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Inbox } from '../../api/archive-inbox.ts';
import { alice, policy } from '../../test/chain-fixtures.ts';
import { archiveAnswers, stubNodeAndArchive } from '../../test/fake-archive.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { jsonResponse } from '../../test/render.tsx';

afterEach(() => vi.unstubAllGlobals());

const inbox: Inbox = {
  address: alice,
  as_of_height: '42',
  as_of_time: '2026-01-03T00:00:00Z',
  since: '2025-12-04T00:00:00.000Z',
  open: [
    {
      proposal_id: '9',
      title: 'Pay the \u202Eauditors',
      group_id: '1',
      group_name: 'Core contributors',
      group_policy_address: policy.address,
      policy_name: 'Quick decisions',
      submit_time: '2026-01-02T00:00:00Z',
      voting_period_end: '2099-01-01T00:00:00Z',
      weight: '1.000000000000000001',
      live_tally: {
        tally: { yes_count: '2', no_count: '1', abstain_count: '0', no_with_veto_count: '0' },
        total_weight: '6',
        standing: { yes_needed: '2', outcome: 'open' },
      },
    },
  ],
  open_total: '812',
  decided: [
    {
      proposal_id: '5',
      title: 'Hire an auditor',
      group_id: '1',
      group_name: 'Core contributors',
      group_policy_address: policy.address,
      status: 'PROPOSAL_STATUS_ACCEPTED',
      executor_result: 'PROPOSAL_EXECUTOR_RESULT_SUCCESS',
      decided_height: '30',
      decided_time: '2026-01-02T12:00:00Z',
      final_tally_result: { yes_count: '4', no_count: '2', abstain_count: '0', no_with_veto_count: '0' },
      option: 'VOTE_OPTION_YES',
      weight: '1',
    },
  ],
  decided_total: '1',
};

const feedLinks = () =>
  [...document.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map((link) =>
    link.getAttribute('href'),
  );

describe('the inbox page', () => {
  it('lists what waits for the address’s vote with time left and weight, and what was decided', async () => {
    stubNodeAndArchive({ ...archiveAnswers, [`inbox/${alice}`]: inbox });
    renderRoute(`/inbox/${alice}`);
    const open = await screen.findByRole('table', { name: /Waiting for this address’s vote/ }, { timeout: 5000 });
    const row = within(open).getByRole('row', { name: /#9 Pay the/ });
    expect(row).toHaveTextContent(/closes in \d+ days/);
    expect(row).toHaveTextContent('1 Jan 2099, 00:00:00 UTC');
    expect(row).toHaveTextContent('1.000000000000000001');
    // Its tally at current weights, in words and numbers, from the inbox's own answer.
    expect(row).toHaveTextContent('Yes weight 2 of 6 · No 1 · 2 more needed');
    expect(screen.getByText('Only the 1 closing soonest of 812 are listed.')).toBeInTheDocument();
    // The bidi control is shown as a marker, never applied.
    expect(row).toHaveTextContent('Pay the ⟨RLO⟩auditors');
    expect(row.textContent).not.toContain('\u202E');
    const decided = screen.getByRole('table', { name: /Decided, latest first/ });
    const done = within(decided).getByRole('row', { name: /#5 Hire an auditor/ });
    expect(done).toHaveTextContent('Accepted');
    expect(done).toHaveTextContent('Executed');
    expect(done).toHaveTextContent('Yes weight 4 · No 2');
    expect(done).toHaveTextContent('Yes');
    expect(screen.getByRole('heading', { name: /Decided in the last 30 days/ })).toBeInTheDocument();
    expect(feedLinks()).toEqual([`/polity/feeds/v1/voters/${alice}.atom`]);
  });

  it('says so when nothing waits and nothing was decided', async () => {
    stubNodeAndArchive({
      ...archiveAnswers,
      [`inbox/${alice}`]: { ...inbox, open: [], open_total: '0', decided: [], decided_total: '0' },
    });
    renderRoute(`/inbox/${alice}`);
    expect(await screen.findByText('Nothing waits for this address’s vote.')).toBeInTheDocument();
    expect(screen.getByText('No proposal this address voted on was decided since then.')).toBeInTheDocument();
  });

  it('says the inbox needs an archive on a plain node, and offers no feed', async () => {
    stubNodeAndArchive('absent');
    renderRoute(`/inbox/${alice}`);
    expect(await screen.findByTestId('needs-archive')).toHaveTextContent('The inbox needs an archive');
    expect(screen.queryByTestId('feed-link')).toBeNull();
    expect(feedLinks()).toEqual([]);
  });

  it('shows a failed read where the inbox would be', async () => {
    stubNodeAndArchive({
      ...archiveAnswers,
      [`inbox/${alice}`]: () => jsonResponse({ code: 3, message: 'since must be an RFC 3339 time', details: [] }, 400),
    });
    renderRoute(`/inbox/${alice}`);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Inbox: the request was refused');
    expect(alert).toHaveTextContent('since must be an RFC 3339 time');
  });

  it('refuses what is not an address', async () => {
    stubNodeAndArchive(archiveAnswers);
    renderRoute('/inbox/cosmos1nothing');
    expect(await screen.findByText('Not an address')).toBeInTheDocument();
  });
});

describe('feeds offered where they apply', () => {
  it('links the voter page to the inbox and to the voter’s feed, announced in the head', async () => {
    stubNodeAndArchive(archiveAnswers);
    const view = renderRoute(`/voters/${alice}`);
    expect(
      await screen.findByRole('link', { name: 'Inbox: what waits for its vote' }, { timeout: 5000 }),
    ).toHaveAttribute('href', `/inbox/${alice}`);
    expect(screen.getByTestId('feed-link')).toHaveAttribute('href', `/polity/feeds/v1/voters/${alice}.atom`);
    expect(feedLinks()).toEqual([`/polity/feeds/v1/voters/${alice}.atom`]);
    view.unmount();
    expect(feedLinks()).toEqual([]);
  });

  it('gives the proposals page’s feed the filters on screen', async () => {
    stubNodeAndArchive(archiveAnswers);
    renderRoute('/proposals?status=PROPOSAL_STATUS_ACCEPTED&group=1&sort=voting_period_end');
    const link = await screen.findByTestId('feed-link');
    const href = new URL(link.getAttribute('href') ?? '', 'http://polity.test');
    expect(href.pathname).toBe('/polity/feeds/v1/proposals.atom');
    expect(Object.fromEntries(href.searchParams)).toEqual({ status: 'PROPOSAL_STATUS_ACCEPTED', group_id: '1' });
    expect(link).toHaveAttribute('title', 'Proposals (accepted, group 1)');
  });

  it('offers no feed on a plain node', async () => {
    stubNodeAndArchive('absent');
    renderRoute(`/voters/${alice}`);
    expect(await screen.findByTestId('needs-archive')).toBeInTheDocument();
    expect(screen.queryByTestId('feed-link')).toBeNull();
    expect(screen.queryByRole('link', { name: /Inbox/ })).toBeNull();
  });
});
