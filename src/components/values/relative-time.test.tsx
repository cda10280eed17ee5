import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithApp } from '../../test/render.tsx';
import { AWAITING_TALLY, RelativeTime } from './relative-time.tsx';

// A deadline in words, as an open list shows it: before it, when it closes; after it, that voting
// ended and the chain has yet to tally — never "closes 6 seconds ago", never a bare "ended".

afterEach(() => vi.useRealTimers());

describe('a voting deadline in an open list', () => {
  it('says when it closes, then that voting ended and the tally is awaited', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T12:00:00Z'));
    const line = (iso: string) => (
      <span data-testid={iso}>
        <RelativeTime date={new Date(iso)} prefix="closes " past="voting ended " afterPast={AWAITING_TALLY} />
      </span>
    );
    renderWithApp(
      <>
        {line('2026-11-29T12:05:00Z')}
        {line('2026-11-29T11:59:54Z')}
      </>,
    );
    expect(screen.getByTestId('2026-11-29T12:05:00Z')).toHaveTextContent(/^closes in 5 minutes$/);
    expect(screen.getByTestId('2026-11-29T11:59:54Z')).toHaveTextContent(
      /^voting ended 6 seconds ago; awaiting the chain’s tally$/,
    );
  });
});
