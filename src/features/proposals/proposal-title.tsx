import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { NotFoundError } from '../../api/errors.ts';
import { AppLink } from '../../components/page/app-link.tsx';
import { ChainLabel } from '../../components/text/on-chain-text.tsx';
import { proposalQueries } from './queries.ts';

/** A proposal's id and title, linked; the title is fetched when shown (list rows are virtualised). */
export function ProposalTitle({
  endpoint,
  id,
  inHeading = false,
}: {
  endpoint: string;
  id: string;
  inHeading?: boolean;
}) {
  const proposal = useQuery({ ...proposalQueries.detail(endpoint, id), staleTime: 60_000 });
  return (
    <AppLink to={`/proposals/${id}`} fz={inHeading ? 'inherit' : undefined}>
      #{id}{' '}
      {proposal.data ? (
        <ChainLabel value={proposal.data.title} fallback="(untitled)" />
      ) : proposal.isError ? (
        <Text span c="dimmed" fz="sm">
          {proposal.error instanceof NotFoundError ? '(no longer stored)' : '(title could not be read)'}
        </Text>
      ) : (
        '…'
      )}
    </AppLink>
  );
}
