import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { alice } from '../../test/chain-fixtures.ts';
import { archiveAnswers, archivedPruned, stubNodeAndArchive } from '../../test/fake-archive.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { jsonResponse } from '../../test/render.tsx';

const EXEC_TX = '645CFAFD694AC895C80662ECF393E95BAB4401D2A86E5A1E7F0C3B2A11E1A2B3';
const VOTE_TX = 'BDD2CBF5376B4E9A829B75C6479A8DC042BE21CD4E7CA81DD7422F4CDC6853F1';

afterEach(() => vi.unstubAllGlobals());

describe('the proposals page', () => {
  it('lists every proposal the archive has, with group and policy by name, and filters on the server', async () => {
    const { requests } = stubNodeAndArchive(archiveAnswers);
    renderRoute('/proposals?open=1&sort=voting_period_end');
    const table = await screen.findByRole('table', { name: 'Proposals' });
    expect(within(table).getByRole('link', { name: '#5 Hire an auditor' })).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: /#1 Core contributors/ })).toHaveLength(2);
    expect(within(table).getAllByText('Quick decisions')).toHaveLength(2);
    expect(requests.some((url) => url.includes('voting_open=true') && url.includes('order_by=voting_period_end'))).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText('Words in the title or summary'), { target: { value: 'audit' } });
    await vi.waitFor(() => expect(requests.some((url) => url.includes('q=audit'))).toBe(true));
  });

  it('never says "none" while the archive catches up: it says what it waits for, and "none" once it has read', async () => {
    let status = {
      ...(archiveAnswers.status as object),
      phase: 'catching up',
      latest_height: '120',
      node_latest_height: '5000',
    };
    stubNodeAndArchive({
      ...archiveAnswers,
      status: () => jsonResponse(status),
      proposals: { proposals: [], pagination: { next_key: null, total: '0' } },
    });
    renderRoute('/proposals');
    expect(await screen.findByTestId('archive-catching-up')).toHaveTextContent(
      'The archive is catching up: it has read to height 120 of the node’s 5,000. Proposals appear here as it reads',
    );
    expect(screen.queryByText('No proposal matches these filters.')).toBeNull();
    status = { ...status, phase: 'following', latest_height: '5000' };
    expect(await screen.findByText('No proposal matches these filters.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('archive-catching-up')).toBeNull();
  });

  it('walks groups, policies and proposals on a plain node, with progress, and says what is missing', async () => {
    const { requests } = stubNodeAndArchive('absent');
    renderRoute('/proposals');
    expect(await screen.findByText(/Read 1 of 1 groups/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '#7 Raise the budget' })).toBeInTheDocument();
    expect(screen.getByText('Proposals stored on the node only')).toBeInTheDocument();
    expect(screen.queryByLabelText('Words in the title or summary')).toBeNull();
    expect(requests.filter((url) => url.includes('/polity/archive/'))).toHaveLength(1);
  });

  it('takes a web page answered on an archive path for "no archive"', async () => {
    stubNodeAndArchive('html');
    renderRoute('/proposals');
    expect(await screen.findByText('Proposals stored on the node only')).toBeInTheDocument();
  });
});

describe('the voter page with an archive', () => {
  it('lists a vote the chain pruned, marked as kept by the archive, with the exact weight it counted', async () => {
    stubNodeAndArchive(archiveAnswers);
    renderRoute(`/voters/${alice}`);
    const table = await screen.findByRole('table', { name: 'Every vote by this address' });
    const row = within(table).getByRole('row', { name: /#5 Hire an auditor/ });
    expect(row).toHaveTextContent('pruned from chain, kept by the archive, observed at height 21');
    expect(row).toHaveTextContent('1.000000000000000001');
    expect(row).toHaveTextContent('Accepted');
  });

  it('says the full record needs an archive on a plain node, and still lists stored votes', async () => {
    stubNodeAndArchive('absent');
    renderRoute(`/voters/${alice}`);
    expect(await screen.findByTestId('needs-archive')).toHaveTextContent('The full voting record needs an archive');
  });
});

describe('a proposal the chain pruned, with an archive', () => {
  it('is titled from the archive, with its timeline and the weights its votes counted', async () => {
    stubNodeAndArchive({
      ...archiveAnswers,
      'proposals/5': {
        proposal: archivedPruned,
        timeline: [
          { height: '20', time: '2026-01-01T11:00:00Z', kind: 'submitted', status: null, detail: null },
          {
            height: '30',
            time: '2026-01-01T12:00:00Z',
            kind: 'executed',
            status: null,
            detail: { result: 'PROPOSAL_EXECUTOR_RESULT_SUCCESS' },
            tx_hash: EXEC_TX,
          },
          { height: '30', time: '2026-01-01T12:00:00Z', kind: 'pruned', status: null, detail: null },
        ],
      },
      'proposals/5/votes': {
        votes: [
          {
            proposal_id: '5',
            voter: alice,
            option: 'VOTE_OPTION_YES',
            metadata: '',
            submit_time: '2026-01-01T11:30:00Z',
            observed_height: '25',
            weight: '2.500000000000000001',
            pruned_from_chain: true,
            tx_hash: VOTE_TX,
          },
        ],
        pagination: { next_key: null, total: '1' },
      },
    });
    renderRoute('/proposals/5');
    expect(await screen.findByRole('heading', { name: 'Hire an auditor', level: 1 }, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByText('Kept by the archive', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/Proposal 5: not found/)).toBeNull();
    const timeline = screen.getByTestId('proposal-timeline');
    expect(timeline).toHaveTextContent('Submitted · height 20');
    expect(timeline).toHaveTextContent('Executed: its messages ran · height 30');
    expect(timeline).toHaveTextContent('Pruned from chain state · height 30');
    const votes = await screen.findByRole('table', { name: 'Archived votes' });
    expect(votes).toHaveTextContent('2.500000000000000001');
    // Transactions shortened, named, and whole for copying; an archive without them (the submission here) shows none.
    expect(timeline).toHaveTextContent('Executed: its messages ran · height 30 · 1 Jan 2026');
    expect(within(timeline).getByTestId('tx-hash')).toHaveTextContent('645CFAFD…E1A2B3');
    expect(within(timeline).getByRole('button', { name: `Copy transaction ${EXEC_TX}` })).toBeInTheDocument();
    expect(within(votes).getByTestId('tx-hash')).toHaveTextContent('BDD2CBF5…6853F1');
    expect(within(votes).getByTestId('tx-hash')).toHaveAttribute('title', VOTE_TX);
    expect(within(votes).getByRole('button', { name: `Copy transaction ${VOTE_TX}` })).toBeInTheDocument();
  });
});
