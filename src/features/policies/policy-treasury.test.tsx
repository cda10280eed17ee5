import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { denomUnitsQuery, policyBalancesQuery } from '../../hooks/shared-queries.ts';
import { renderWithApp } from '../../test/render.tsx';
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
});
