import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { AppLink } from '../../components/app-link.tsx';
import { proposalQueries } from './queries.ts';

/** A proposal's title, fetched when the row is on screen (rows are virtualised). */
export function ProposalTitle({ endpoint, id }: { endpoint: string; id: string }) {
  const proposal = useQuery({ ...proposalQueries.detail(endpoint, id), staleTime: 60_000 });
  return (
    <AppLink to={`/proposals/${id}`}>
      #{id}{' '}
      {proposal.data ? (
        proposal.data.title || '(untitled)'
      ) : proposal.isError ? (
        <Text span c="dimmed" fz="sm">
          (no longer stored)
        </Text>
      ) : (
        '…'
      )}
    </AppLink>
  );
}
