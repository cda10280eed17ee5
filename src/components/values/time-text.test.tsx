import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { storeTimeZoneChoice } from '../../lib/time-zone.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TimeText } from './time-text.tsx';

const VALUE = '2026-11-27T07:05:26.230694096Z';

beforeEach(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterEach(() => {
  process.env.TZ = 'UTC';
  act(() => storeTimeZoneChoice('local'));
});

describe('a chain time', () => {
  it('shows in the reader’s zone, named, with the exact UTC instant on hover', () => {
    renderWithApp(<TimeText value={VALUE} />);
    const time = screen.getByRole('button', { name: '27 Nov 2026, 08:05:26 CET' });
    expect(time).toHaveAttribute('title', '2026-11-27 07:05:26.230694096 UTC');
    expect(time.querySelector('time')).toHaveAttribute('datetime', VALUE);
  });

  it('opens the exact UTC instant on a press, and switches every time to UTC from there', async () => {
    renderWithApp(
      <>
        <TimeText value={VALUE} />
        <TimeText value="2026-11-28T00:00:00Z" compact />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: '27 Nov 2026, 08:05:26 CET' }));
    const details = await screen.findByRole('dialog');
    expect(details).toHaveTextContent('UTC: 2026-11-27 07:05:26.230694096 UTC');
    expect(details).toHaveTextContent('Your zone (Europe/Berlin): 27 Nov 2026, 08:05:26 CET');
    fireEvent.click(screen.getByRole('button', { name: 'Show every time in UTC' }));
    expect(await screen.findByRole('button', { name: '27 Nov 2026, 07:05:26 UTC' })).toBeInTheDocument();
    // Every time on the page follows, list rows too, and the choice outlives the page.
    expect(screen.getByText('28 Nov 2026,').closest('time')?.parentElement).toHaveAttribute(
      'title',
      '2026-11-28 00:00:00 UTC',
    );
    expect(screen.getByText('00:00:00 UTC')).toBeInTheDocument();
    expect(localStorage.getItem('polity.time-zone.v1')).toBe('utc');
  });

  it('adds how far off a deadline is', () => {
    renderWithApp(<TimeText value={new Date(Date.now() + 2 * 3600_000 + 30_000).toISOString()} withRelative />);
    expect(screen.getByText(/in 2 hours/)).toBeInTheDocument();
  });
});
