import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { archiveAnswers, stubNodeAndArchive } from '../../test/fake-archive.ts';
import { renderRoute } from '../../test/render-route.tsx';

afterEach(() => vi.unstubAllGlobals());

const search = async (text: string) => {
  const box = await screen.findByRole('textbox', { name: /Search by group id/ }, { timeout: 5000 });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.submit(box.closest('form')!);
};

describe('the search box', () => {
  it('opens #12 as a group and p7 as a proposal', async () => {
    stubNodeAndArchive(archiveAnswers);
    const { router } = renderRoute('/');
    await search('#1');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/groups/1'));
    router.navigate('/');
    await search('proposal 7');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/proposals/7'));
  });

  it('offers, for a bare number, only the group or proposal that exists', async () => {
    stubNodeAndArchive(archiveAnswers);
    renderRoute('/');
    await search('7');
    expect(await screen.findByRole('button', { name: /Proposal 7 — Raise the budget/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Group #7/ })).toBeNull();
    await search('61');
    expect(await screen.findByText('There is no group 61 and no proposal 61 here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /61/ })).toBeNull();
  });

  it('searches words in proposal titles through the archive', async () => {
    const { requests } = stubNodeAndArchive(archiveAnswers);
    renderRoute('/');
    await search('audit');
    const results = within(await screen.findByRole('search'));
    expect(await results.findByRole('link', { name: /#5 Hire an auditor/ })).toBeInTheDocument();
    expect(requests.some((url) => url.includes('/polity/archive/v1/proposals?q=audit'))).toBe(true);
    expect(screen.getByText(/archive full-text search/)).toBeInTheDocument();
  });

  it('finds groups and policies by name through the archive, loaded or not', async () => {
    const { requests } = stubNodeAndArchive(archiveAnswers);
    renderRoute('/');
    await search('core');
    const results = within(await screen.findByRole('search'));
    expect(await results.findByRole('link', { name: 'Group #9 core team' })).toHaveAttribute('href', '/groups/9');
    expect(results.getByRole('link', { name: 'Policy Core treasury (group #1)' })).toBeInTheDocument();
    expect(requests).toContain('/polity/archive/v1/names?q=core&limit=8');
  });

  it('without an archive, matches only names already loaded, and says so', async () => {
    stubNodeAndArchive('absent');
    renderRoute('/groups/1');
    await screen.findByRole('heading', { name: 'Core contributors', level: 1 }, { timeout: 5000 });
    // The overview's box, with the group's name now in the cache.
    await screen.findByRole('link', { name: 'Overview' }).then((link) => fireEvent.click(link));
    await search('core contrib');
    expect(await screen.findByText(/proposal titles cannot be searched/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Group #1 Core contributors' })).toBeInTheDocument();
    await search('nothing-like-this');
    expect(await screen.findByText(/None match/)).toBeInTheDocument();
  });

  it('shows why input is invalid instead of searching', async () => {
    const { requests } = stubNodeAndArchive(archiveAnswers);
    renderRoute('/');
    await search('p99999999999999999999');
    expect(await screen.findByText('99999999999999999999 is too large to be a proposal id.')).toBeInTheDocument();
    expect(requests.filter((url) => url.includes('99999999999999999999'))).toEqual([]);
  });
});
