import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { isApiError } from '../../api/errors.ts';
import { errorInWords } from '../../components/states/query-states.tsx';
import { baseCoinsText, coinsText, sumCoins } from '../../domain/treasury.ts';
import { denomUnitsQuery, policyBalancesQuery } from '../../hooks/shared-queries.ts';
import { PolicyTreasuryAt } from './policy-treasury-at.tsx';

/**
 * What a group policy holds now, read from the node's x/bank, in the chain's display units where
 * it names them. A node that does not answer says so, in words, rather than an empty treasury.
 */
export function PolicyTreasury({ endpoint, address }: { endpoint: string; address: string }) {
  const balances = useQuery(policyBalancesQuery(endpoint, address));
  const units = useQuery(denomUnitsQuery(endpoint)).data;
  return (
    <Stack gap={4} component="section" aria-labelledby="treasury-title">
      <Title order={2} fz="lg" id="treasury-title">
        Treasury
      </Title>
      {balances.data && units ? (
        <Text data-testid="policy-treasury">
          This policy holds{' '}
          <span title={baseCoinsText(sumCoins([balances.data]))}>{coinsText(sumCoins([balances.data]), units)}</span>
          {balances.data.some((coin) => !units.has(coin.denom)) ? ', in base units where the chain names no other' : ''}
          . Its proposals spend from it when executed.
        </Text>
      ) : balances.isError ? (
        <Text c="dimmed" data-testid="policy-treasury-error">
          Could not read what this policy holds.{' '}
          {isApiError(balances.error) && balances.error.kind === 'unsupported'
            ? 'This endpoint does not serve x/bank’s balances.'
            : `${errorInWords(balances.error, 'Its balance', endpoint)}.`}
        </Text>
      ) : (
        <Text c="dimmed">Reading what this policy holds…</Text>
      )}
      <PolicyTreasuryAt endpoint={endpoint} address={address} />
    </Stack>
  );
}
