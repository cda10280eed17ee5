import { Text } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';

import { baseCoinsText, coinsText, sumCoins } from '../../domain/treasury.ts';
import { denomUnitsQuery, policyBalancesQuery } from '../../hooks/shared-queries.ts';

/** Policies whose balances are summed on a group's page; a group with more is summed over these. */
const MOST_POLICIES = 20;

/**
 * What a group's policies hold together, per denom — said only once every one of them answered,
 * so a sum is never short of a treasury that did not.
 */
export function GroupTreasury({ endpoint, policies }: { endpoint: string; policies: readonly string[] }) {
  const summed = policies.slice(0, MOST_POLICIES);
  const balances = useQueries({ queries: summed.map((address) => policyBalancesQuery(endpoint, address)) });
  const units = useQuery(denomUnitsQuery(endpoint)).data;
  if (summed.length === 0) return null;
  if (balances.some((balance) => balance.isError))
    return (
      <Text fz="sm" c="dimmed" data-testid="group-treasury">
        What its policies hold could not be read: the node did not answer for every one of them.
      </Text>
    );
  if (balances.some((balance) => !balance.data) || !units) return null;
  const total = sumCoins(balances.map((balance) => balance.data!));
  const of = policies.length > summed.length ? `its first ${summed.length} policies` : 'its policies';
  return (
    <Text fz="sm" data-testid="group-treasury">
      Together {of} hold <span title={baseCoinsText(total)}>{coinsText(total, units)}</span>.
    </Text>
  );
}
