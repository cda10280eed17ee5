import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { alice, bob, chainAnswers, policy, proposal } from '../test/chain-fixtures.ts';
import { archiveAnswers, stubNodeAndArchive } from '../test/fake-archive.ts';
import { renderRoute } from '../test/render-route.tsx';

afterEach(() => vi.unstubAllGlobals());

const field = () =>
  screen.findByRole('searchbox', { name: 'Search groups, proposals and addresses' }, { timeout: 5000 });

const search = async (text: string) => {
  const box = await field();
  fireEvent.change(box, { target: { value: text } });
  fireEvent.submit(box.closest('form')!);
};

const WAIT = { timeout: 5000 };

/** Searches and waits for that search's results page (the field's parser loads on first use). */
const searchFor = async (text: string) => {
  await search(text);
  await screen.findByRole('heading', { name: `Results for “${text}”`, level: 1 });
};

const results = async () => within(await screen.findByRole('region', { name: 'Results' }));

const withAddresses = {
  ...archiveAnswers,
  addresses: {
    addresses: [
      { address: alice, roles: ['voter', 'member', 'proposer'], policy: null },
      { address: policy.address, roles: ['policy'], policy: { group_id: '1', name: 'Core treasury' } },
    ],
    more: true,
  },
};

describe('search from the header of every page', () => {
  it('says in words why an id could not be checked, with the server’s own reason', async () => {
    const unreachable = () =>
      new Response(JSON.stringify({ code: 14, message: 'upstream regen did not answer', details: [] }), {
        status: 502,
        headers: { 'content-type': 'application/json' },
      });
    stubNodeAndArchive(archiveAnswers, {
      ...chainAnswers,
      '/cosmos/group/v1/group_info/12': unreachable,
      '/cosmos/group/v1/proposal/12': unreachable,
    });
    renderRoute('/search?q=%2312');
    expect(await (await results()).findByText(/^Could not check/, {}, WAIT)).toHaveTextContent(
      'Could not check: Could not reach this server (the server says: upstream regen did not answer).',
    );
  });

  it('is a labelled search landmark on every page, and / focuses it unless typing elsewhere', async () => {
    stubNodeAndArchive(archiveAnswers);
    renderRoute('/groups/1');
    const landmark = await screen.findByRole('search', { name: 'Search Polity' });
    const box = await field();
    expect(landmark).toContainElement(box);
    fireEvent.keyDown(document.body, { key: '/' });
    expect(box).toHaveFocus();
    // A slash typed into a field is text, not a shortcut.
    box.blur();
    const other = document.createElement('input');
    document.body.append(other);
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(other).toHaveFocus();
    other.remove();
  });

  it('shows words’ results at /search?q=, a page of their own that back leaves', async () => {
    const { requests } = stubNodeAndArchive(archiveAnswers);
    const { router } = renderRoute('/groups/1');
    await search('audit');
    const at = () => `${router.state.location.pathname}${router.state.location.search}`;
    await vi.waitFor(() => expect(at()).toBe('/search?q=audit'), WAIT);
    const found = await results();
    expect(await found.findByRole('link', { name: /Proposal #5 Hire an auditor/ })).toHaveAttribute(
      'href',
      '/proposals/5',
    );
    expect(requests.some((url) => url.includes('/polity/archive/v1/proposals?q=audit'))).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Results for “audit”', level: 1 })).toBeInTheDocument();
    // The field shows the query the page is for.
    expect(await field()).toHaveValue('audit');
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/groups/1'), WAIT);
  });

  it('opens p7, g1 and a whole address at once', async () => {
    stubNodeAndArchive(archiveAnswers);
    for (const [text, path] of [
      ['p7', '/proposals/7'],
      ['g1', '/groups/1'],
      [bob, `/voters/${bob}`],
    ]) {
      const { router, unmount } = renderRoute('/');
      await search(text);
      await vi.waitFor(() => expect(router.state.location.pathname).toBe(path), WAIT);
      unmount();
    }
  });

  it('offers, for #7 and a bare number, only the proposal and group that exist, the proposal first', async () => {
    stubNodeAndArchive(archiveAnswers, {
      ...chainAnswers,
      '/cosmos/group/v1/proposal/1': { proposal: { ...proposal, id: '1', title: 'First' } },
    });
    const { router } = renderRoute('/');
    await search('#7');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=%237'), WAIT);
    const found = await results();
    expect(await found.findByRole('link', { name: /Proposal #7 Raise the budget/ })).toHaveAttribute(
      'href',
      '/proposals/7',
    );
    expect(found.queryByRole('link', { name: /Group #7/ })).toBeNull();
    await searchFor('1');
    const both = await results();
    await both.findByRole('link', { name: /Group #1/ });
    await both.findByRole('link', { name: /Proposal #1 First/ });
    expect(both.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/proposals/1', '/groups/1']);
    await searchFor('61');
    expect(await screen.findByText('There is no proposal 61 and no group 61 here.')).toBeInTheDocument();
  });

  it('finds addresses by their beginning through the archive, and arrow keys move between them', async () => {
    const { requests } = stubNodeAndArchive(withAddresses);
    renderRoute('/');
    await search('cosmos1qy3');
    const found = await results();
    const voter = await found.findByRole('link', { name: new RegExp(`${alice}.*voted · member · proposed`) });
    expect(voter).toHaveAttribute('href', `/voters/${alice}`);
    const treasury = found.getByRole('link', { name: /Policy of group #1 · Core treasury/ });
    expect(treasury).toHaveAttribute('href', `/policies/${policy.address}`);
    expect(found.getByText(/More addresses begin so/)).toBeInTheDocument();
    expect(requests).toContain('/polity/archive/v1/addresses?prefix=cosmos1qy3&limit=20');
    // Down from the field to the first result, then on to the next, and back up.
    const box = await field();
    box.focus();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(voter).toHaveFocus();
    fireEvent.keyDown(voter, { key: 'ArrowDown' });
    expect(treasury).toHaveFocus();
    fireEvent.keyDown(treasury, { key: 'ArrowUp' });
    expect(voter).toHaveFocus();
  });

  it('without an archive, says what search can still do, and finds only names already loaded', async () => {
    stubNodeAndArchive('absent');
    renderRoute('/groups/1');
    await screen.findByRole('heading', { name: 'Core contributors', level: 1 }, { timeout: 5000 });
    await search('cosmos1qy3');
    expect(await screen.findByText(/finds exact ids .* and whole addresses/)).toBeInTheDocument();
    expect(await screen.findByText(/Finding addresses by their beginning needs an archive/)).toBeInTheDocument();
    await searchFor('core contrib');
    const found = await results();
    expect(await found.findByText(/Proposal titles can be searched only with an archive/)).toBeInTheDocument();
    expect(await found.findByRole('link', { name: /Group Core contributors/ })).toHaveAttribute('href', '/groups/1');
  });

  it('shows why input is invalid instead of searching', async () => {
    const { requests } = stubNodeAndArchive(archiveAnswers);
    renderRoute('/');
    await search('p99999999999999999999');
    expect(await screen.findByText('99999999999999999999 is too large to be a proposal id.')).toBeInTheDocument();
    expect(requests.filter((url) => url.includes('99999999999999999999'))).toEqual([]);
  });
});
