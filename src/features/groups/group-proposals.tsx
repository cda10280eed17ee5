import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { AppLink } from '../../components/app-link.tsx';
import { StatusBadge } from '../../components/badges.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../components/query-states.tsx';
import { useNow } from '../../hooks/use-now.ts';
import { instant, relative } from '../../lib/time.ts';
import { groupQueries } from './queries.ts';

const PER_POLICY = 10;

export function GroupProposals({ endpoint, groupId }: { endpoint: string; groupId: string }) {
  const proposals = useQuery(groupQueries.latestProposals(endpoint, groupId, PER_POLICY));
  const now = useNow(30_000);
  if (proposals.isPending) return <LoadingBlock label="Loading proposals" />;
  if (proposals.isError)
    return <ErrorState error={proposals.error} what="Proposals" onRetry={() => void proposals.refetch()} />;
  if (proposals.data.length === 0) {
    return (
      <EmptyState>
        No stored proposals. Executed proposals are removed at once, others 14 days after voting ends.
      </EmptyState>
    );
  }
  return (
    <Stack gap={6} data-testid="group-proposals">
      <Text fz="xs" c="dimmed">
        The {PER_POLICY} newest of each policy, newest first; each policy's page lists all of its own.
      </Text>
      {proposals.data.map((proposal) => {
        const end = instant(proposal.voting_period_end);
        return (
          <Group key={proposal.id} justify="space-between" wrap="nowrap">
            <AppLink to={`/proposals/${proposal.id}`} truncate>
              #{proposal.id} {proposal.title || '(untitled)'}
            </AppLink>
            <Group gap="xs" wrap="nowrap">
              <StatusBadge status={proposal.status} />
              <Text fz="xs" c="dimmed" w={210} ta="right">
                {end ? `voting ${end.getTime() < now ? 'ended' : 'ends'} ${relative(end, now)}` : ''}
              </Text>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
