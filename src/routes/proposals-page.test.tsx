import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { alice } from '../test/chain-fixtures.ts';
import { archiveAnswers, stubNodeAndArchive } from '../test/fake-archive.ts';
import { renderRoute } from '../test/render-route.tsx';

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
