import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { PageTitle } from '../components/page/page-title.tsx';
import { ErrorState, LoadingBlock } from '../components/states/query-states.tsx';
import { ChainSummary } from '../features/chains/chain-summary.tsx';
import { servedChainsQuery } from '../hooks/use-served-chains.ts';

/** Every chain this server serves, side by side: what is open, what was decided, what upgrade comes. */
export function Component() {
  const chains = useQuery(servedChainsQuery);
  return (
    <Stack gap="lg">
      <PageTitle title="Every chain this server serves" kicker="Chains" docTitle="Chains" />
      {chains.isPending ? (
        <LoadingBlock label="Loading the chains this server serves" />
      ) : chains.isError ? (
        <ErrorState error={chains.error} onRetry={() => void chains.refetch()} what="The list of chains" />
      ) : chains.data.length === 0 ? (
        <Text fz="sm">
          This server does not list its chains (a development server): the Chain button reads one at a time.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="chain-summaries">
          {chains.data.map((chain) => (
            <ChainSummary key={chain.path} chain={chain} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
