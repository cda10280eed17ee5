import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { UnreachableError } from '../../api/errors.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ErrorState } from './query-states.tsx';

// A chain's node that does not answer, in words that fit where the failure was: behind a server
// that answered for it (its reason shown, no CORS advice), or not reached at all.

describe('an unreachable chain, said where it failed', () => {
  it('shows the reason of the server that answered for the node, and no CORS advice', () => {
    const error = new UnreachableError('upstream regen did not answer: getaddrinfo ENOTFOUND rest.example', '', 502);
    renderWithApp(<ErrorState error={error} what="Proposals" />);
    expect(screen.getByTestId('server-reason')).toHaveTextContent(
      'The server answered, but the chain’s node behind it did not. The server says: upstream regen did not answer: getaddrinfo ENOTFOUND rest.example',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('CORS');
  });

  it('says what a browser cannot tell apart when nothing answered at all', () => {
    const error = new UnreachableError('Failed to fetch', 'https://rest.example.org');
    renderWithApp(<ErrorState error={error} what="Proposals" />);
    expect(screen.queryByTestId('server-reason')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('A node that sends no CORS headers');
  });
});

describe('one failure of the endpoint, said once per page', () => {
  function TwoSections() {
    const [firstShown, setFirstShown] = useState(true);
    const error = new UnreachableError('Failed to fetch', 'https://rest.example.org');
    return (
      <>
        <button onClick={() => setFirstShown(false)}>Hide the first</button>
        {firstShown && <ErrorState error={error} what="The current plan" />}
        <ErrorState error={error} what="Module versions" onRetry={() => undefined} />
      </>
    );
  }

  it('gives the box to one section and a line to the others, and hands it on when that one leaves', async () => {
    const user = userEvent.setup();
    renderWithApp(<TwoSections />);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByTestId('error-said-above')).toHaveTextContent('Module versions: not shown — could not reach');
    await user.click(screen.getByRole('button', { name: 'Hide the first' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByTestId('error-said-above')).toBeNull();
  });
});
