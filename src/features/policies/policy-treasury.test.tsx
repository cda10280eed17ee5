import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { denomUnitsQuery, policyBalancesQuery } from '../../hooks/shared-queries.ts';
import { jsonResponse, renderWithApp } from '../../test/render.tsx';
import { PolicyTreasury } from './policy-treasury.tsx';

// A policy's treasury in the units the chain's x/bank metadata names, the base amount on hover;
// a denom it names no unit for stays in its base unit, and says so.

const ADDRESS = 'cosmos1policy';

function renderTreasury(units: Map<string, { display: string; exponent: number }>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(policyBalancesQuery('', ADDRESS).queryKey, [
    { denom: 'uregen', amount: '1500000' },
    { denom: 'ibc/27394FB0', amount: '12' },
  ]);
  client.setQueryData(denomUnitsQuery('').queryKey, units);
  return renderWithApp(<PolicyTreasury endpoint="" address={ADDRESS} />, '/', client);
}

afterEach(() => vi.unstubAllGlobals());

describe('PolicyTreasury', () => {
  it('shows display units where the chain names them, with the base amounts on hover', async () => {
    renderTreasury(new Map([['uregen', { display: 'REGEN', exponent: 6 }]]));
    const line = await screen.findByTestId('policy-treasury');
    expect(line).toHaveTextContent(
      'This policy holds 1.5 REGEN and 12 ibc/27394FB0, in base units where the chain names no other. Its proposals spend from it when executed.',
    );
    expect(screen.getByTitle('1,500,000 uregen and 12 ibc/27394FB0')).toBeInTheDocument();
  });

  it('says nothing of units when every denom is shown in one the chain names', async () => {
    renderTreasury(
      new Map([
        ['uregen', { display: 'REGEN', exponent: 6 }],
        ['ibc/27394FB0', { display: 'ATOM', exponent: 6 }],
      ]),
    );
    expect(await screen.findByTestId('policy-treasury')).toHaveTextContent(
      'This policy holds 1.5 REGEN and 0.000012 ATOM. Its proposals spend from it when executed.',
    );
  });

  it('says what the policy held after a block the reader names, read pinned to that height', async () => {
    const asked: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        asked.push(new Headers(init?.headers).get('x-cosmos-block-height'));
        return jsonResponse({ balances: [{ denom: 'uregen', amount: '2500000' }], pagination: {} });
      }),
    );
    const user = userEvent.setup();
    renderTreasury(new Map([['uregen', { display: 'REGEN', exponent: 6 }]]));
    const input = await screen.findByLabelText('Held after block');
    await user.type(input, 'tip');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('A height is a whole number of blocks, such as 518402.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '518,600');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(screen.getByTestId('policy-treasury-at')).toHaveTextContent('After block 518,600 it held 2.5 REGEN.'),
    );
    expect(asked).toEqual(['518600']);
  });
});
