import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { AppLink } from '../../components/app-link.tsx';
import { StatusBadge } from '../../components/badges.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../components/query-states.tsx';
import { instant, relative } from '../../lib/time.ts';
import { useNow } from '../../lib/use-now.ts';
import { groupQueries } from './queries.ts';

const PER_POLICY = 10;

export function GroupProposals({ endpoint, groupId }: { endpoint: string; groupId: string }) {
  const q = useQuery(groupQueries.latestProposals(endpoint, groupId, PER_POLICY));
  const now = useNow(30_000);
  if (q.isPending) return <LoadingBlock label="Loading proposals" />;
  if (q.isError) return <ErrorState error={q.error} what="Proposals" onRetry={() => void q.refetch()} />;
  if (q.data.length === 0) {
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
      {q.data.map((p) => {
        const end = instant(p.voting_period_end);
        return (
          <Group key={p.id} justify="space-between" wrap="nowrap">
            <AppLink to={`/proposals/${p.id}`} truncate>
              #{p.id} {p.title || '(untitled)'}
            </AppLink>
            <Group gap="xs" wrap="nowrap">
              <StatusBadge status={p.status} />
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
