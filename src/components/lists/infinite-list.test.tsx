import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { nextPageParam, type Page, type PageParam } from '../../api/pagination.ts';
import { renderWithApp } from '../../test/render.tsx';
import { InfiniteList, type ListView } from './infinite-list.tsx';

// A list of 120 names served 50 at a time, by a server whose paging can be made to misbehave.
const ALL = Array.from({ length: 120 }, (_, i) => `row-${String(i).padStart(3, '0')}`);
let server: { counts: boolean; repeatsKeys: boolean; repeatsOffsets: boolean; claimsTotal: string | null };
beforeEach(() => {
  server = { counts: true, repeatsKeys: false, repeatsOffsets: false, claimsTotal: null };
});

function answer(param: PageParam): Page<string> {
  const byKey = param !== null && 'key' in param;
  const start =
    param === null || (byKey && server.repeatsKeys) || (!byKey && server.repeatsOffsets)
      ? 0
      : byKey
        ? Number(param.key)
        : param.offset;
  const rows = ALL.slice(start, start + 50);
  const next = start + 50 < ALL.length ? String(start + 50) : null;
  const total = param === null && server.counts ? (server.claimsTotal ?? String(ALL.length)) : '0';
  return { rows, pagination: { next_key: next, total }, param };
}

const identity = (row: string) => row;

const namesQuery = infiniteQueryOptions({
  queryKey: ['names'],
  queryFn: ({ pageParam }) => Promise.resolve(answer(pageParam)),
  initialPageParam: null as PageParam,
  getNextPageParam: (_last, pages) => nextPageParam(pages, identity),
});

// Names ending in 7: 12 of the 120, most of them beyond the first page.
const endsIn7: ListView<string> = {
  filter: (row) => row.endsWith('7'),
  compare: (a, b) => b.localeCompare(a),
  wholeListReason: 'find names ending in 7',
};

function Names({ view }: { view?: ListView<string> }) {
  const query = useInfiniteQuery(namesQuery);
  return (
    <InfiniteList
      label="Names"
      query={query}
      identity={identity}
      view={view}
      columns={[{ label: 'Name', width: '1fr', cell: (row: string) => row }]}
      noun="names"
      empty="No names."
    />
  );
}

const count = () => screen.getByTestId('list-count');
const loadMore = () => userEvent.click(screen.getByRole('button', { name: 'Load more names' }));

describe('InfiniteList', () => {
  it('counts what is loaded against the total, loads more on request, and says when the list ends', async () => {
    renderWithApp(<Names />);
    expect(await screen.findByTestId('list-count')).toHaveTextContent('50 of 120 names');
    expect(screen.getByRole('cell', { name: 'row-000' })).toBeInTheDocument();
    await loadMore();
    expect(await screen.findByText('100 of 120 names')).toBeInTheDocument();
    await loadMore();
    expect(await screen.findByText('120 names')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more names' })).toBeNull();
    expect(screen.getByText('End of list.')).toBeInTheDocument();
  });

  it('lets a keyboard reader past a long list in one step', async () => {
    const user = userEvent.setup();
    renderWithApp(<Names />);
    await screen.findByTestId('list-count');
    const skip = screen.getByRole('button', { name: 'Skip past the 50 names listed' });
    await user.click(skip);
    expect(screen.getByTestId('after-rows')).toHaveFocus();
    await user.tab();
    // The next stop is what follows the rows, not the first row.
    expect(screen.getByRole('button', { name: 'Load more names' })).toHaveFocus();
  });

  it('says "loaded" while the server gave no total', async () => {
    server.counts = false;
    renderWithApp(<Names />);
    expect(await screen.findByTestId('list-count')).toHaveTextContent('50 names loaded');
  });

  it('notices a server that answers a key with the first page again, and goes on by offset', async () => {
    server.repeatsKeys = true;
    renderWithApp(<Names />);
    await screen.findByTestId('list-count');
    await loadMore();
    expect(await screen.findByText('This server repeated a page')).toBeInTheDocument();
    expect(count()).toHaveTextContent('50 of 120 names');
    await loadMore();
    expect(await screen.findByText('100 of 120 names')).toBeInTheDocument();
    await loadMore();
    expect(await screen.findByText('120 names')).toBeInTheDocument();
  });

  it('stops, and says so, when offsets repeat too', async () => {
    server.repeatsKeys = true;
    server.repeatsOffsets = true;
    renderWithApp(<Names />);
    await screen.findByTestId('list-count');
    await loadMore();
    await loadMore();
    expect(await screen.findByText('Stopped: the server keeps returning the same rows')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more names' })).toBeNull();
    expect(count()).toHaveTextContent('50 names');
  });

  it('applies a filter and a sort to the whole list, reading every page first', async () => {
    renderWithApp(<Names view={endsIn7} />);
    expect(await screen.findByText('120 names · 12 match')).toBeInTheDocument();
    const cells = screen.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells[0]).toBe('row-117');
    expect(cells).toContain('row-007');
    expect(screen.getByText('Applied to all 120 names, loaded in full.')).toBeInTheDocument();
  });

  it('asks before reading a very long list whole, and leaves it in chain order meanwhile', async () => {
    server.claimsTotal = '1000000';
    renderWithApp(<Names view={endsIn7} />);
    expect(await screen.findByText('This needs all 1,000,000 names')).toBeInTheDocument();
    expect(count()).toHaveTextContent('50 of 1,000,000 names');
    expect(screen.getAllByRole('cell')[0]).toHaveTextContent('row-000');
    await userEvent.click(screen.getByRole('button', { name: 'Read them all' }));
    expect(await screen.findByText('120 names · 12 match')).toBeInTheDocument();
  });
});
