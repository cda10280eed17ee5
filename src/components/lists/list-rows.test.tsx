import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithApp } from '../../test/render.tsx';
import { gridMinWidth, ListRows, type ListColumn } from './list-rows.tsx';

interface Vote {
  id: string;
  weight: string;
}

// A voter's votes: five columns whose minimums need 812 px side by side.
const columns: ListColumn<Vote>[] = [
  { label: 'Proposal', width: 'minmax(200px, 3fr)', cell: (vote) => `#${vote.id}` },
  { label: 'Option', width: '120px', cell: () => 'YES' },
  { label: 'Weight counted', width: 'minmax(90px, 1fr)', cell: (vote) => vote.weight },
  { label: 'Outcome', width: 'minmax(150px, 1.2fr)', cell: () => 'ACCEPTED' },
  { label: 'Cast · provenance', width: 'minmax(180px, 2fr)', cell: () => '27 Nov 2026' },
];

/** Lays the list out `width` px wide (jsdom lays nothing out). */
function atWidth(width: number) {
  const real = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'table' ? new DOMRect(0, 0, width, 400) : real.call(this);
  });
}

function renderVotes() {
  renderWithApp(
    <ListRows
      rows={[{ id: '7', weight: '3' }]}
      columns={columns}
      identity={(vote) => vote.id}
      label="Votes"
      rowCount={1}
      rowHeight={64}
      onKeyboardFocus={() => undefined}
    />,
  );
  return screen.getByRole('table', { name: 'Votes' });
}

afterEach(() => vi.restoreAllMocks());

describe('a list whose columns do not fit side by side', () => {
  it('knows how wide its columns need to be', () => {
    expect(gridMinWidth(columns)).toBe(200 + 120 + 90 + 150 + 180 + 6 * 12 + 2);
  });

  it('becomes cards, each value under its column name, instead of cutting its last columns off', () => {
    atWidth(700);
    expect(renderVotes()).toHaveAttribute('data-layout', 'cards');
  });

  it('stays a grid where they fit', () => {
    atWidth(1000);
    expect(renderVotes()).toHaveAttribute('data-layout', 'grid');
  });
});
