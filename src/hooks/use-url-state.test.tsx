import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

import { useUrlState } from './use-url-state.ts';

function Toolbar() {
  const [search, setSearch] = useUrlState<string>('member', '');
  const [sort, setSort] = useUrlState<string>('sort', 'chain');
  const location = useLocation();
  return (
    <>
      <button
        onClick={() => {
          // A reader clears the search and picks a sort before the page has re-rendered.
          setSearch('');
          setSort('weight');
        }}
      >
        clear and sort
      </button>
      <output data-testid="state">{`${search}|${sort}|${location.search}`}</output>
    </>
  );
}

describe('page state in the URL', () => {
  it('keeps both of two changes made in a row while the page is still loading', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/groups/:id',
          // Like the app's routes: a loader runs before a search change lands.
          loader: () => new Promise((resolve) => setTimeout(() => resolve(null), 20)),
          element: <Toolbar />,
        },
      ],
      { initialEntries: ['/groups/33?member=cosmos1abc'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('clear and sort');
    await act(async () => {
      screen.getByText('clear and sort').click();
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(screen.getByTestId('state')).toHaveTextContent(/^\|weight\|\?sort=weight$/);
  });
});
