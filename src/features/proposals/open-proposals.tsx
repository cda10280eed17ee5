import { Group, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';

import type { ProposalFilters } from '../../api/archive.ts';
import { collectPages } from '../../api/pagination.ts';
import { pollWhileHealthy } from '../../api/polling.ts';
import { AppLink } from '../../components/page/app-link.tsx';
import { useArchiveCatchingUp } from '../../components/states/archive-gate.tsx';
import { CatchingUpState, EmptyState, ErrorState, LoadingBlock } from '../../components/states/query-states.tsx';
import { StatusBadge } from '../../components/tallies/badges.tsx';
import { LiveTallyText } from '../../components/tallies/live-tally-text.tsx';
import { ChainLabel } from '../../components/text/on-chain-text.tsx';
import { IdText } from '../../components/values/id-text.tsx';
import { AWAITING_TALLY, RelativeTime } from '../../components/values/relative-time.tsx';
import { grouped } from '../../lib/format-number.ts';
import { instant } from '../../lib/time.ts';
import { archivedProposalQueries } from './archive-queries.ts';

const OPEN: ProposalFilters = { voting_open: 'true', order_by: 'voting_period_end', order: 'asc' };
const SHOWN = 15;

/** The overview's open proposals from the archive: every group, soonest to close first. */
export function OpenProposals({ endpoint }: { endpoint: string }) {
  const query = useInfiniteQuery({
    ...archivedProposalQueries.list(endpoint, OPEN),
    refetchInterval: pollWhileHealthy(15_000),
  });
  const catchingUp = useArchiveCatchingUp(endpoint);
  if (query.isPending) return <LoadingBlock label="Loading open proposals" />;
  if (query.isError)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} what="Open proposals" />;
  const { rows, total } = collectPages(query.data.pages, (row) => row.id);
  return (
    <Stack gap="xs">
      <Text fz="xs" c="dimmed">
        In every group (from the archive), soonest to close first
        {total ? ` · ${grouped(total)} open${catchingUp ? ' in what it has read so far' : ''}` : ''}.
      </Text>
      {rows.length === 0 && catchingUp ? (
        <CatchingUpState reason={catchingUp} what="Open proposals" />
      ) : rows.length === 0 ? (
        <EmptyState>No proposal is open for voting.</EmptyState>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="open-proposals">
          {rows.slice(0, SHOWN).map((proposal) => {
            const end = proposal.voting_period_end ? instant(proposal.voting_period_end) : null;
            return (
              <li key={proposal.id}>
                <AppLink to={`/proposals/${proposal.id}`}>
                  <IdText id={proposal.id} /> <ChainLabel value={proposal.title} fallback="(untitled)" />
                </AppLink>
                <Group gap="xs">
                  <StatusBadge status={proposal.status} />
                  <Text span fz="sm" c="dimmed">
                    <ChainLabel value={proposal.group_name} fallback={`group #${proposal.group_id ?? '?'}`} />
                    {end ? (
                      <>
                        {' · '}
                        <RelativeTime date={end} prefix="closes " past="voting ended " afterPast={AWAITING_TALLY} />
                      </>
                    ) : null}
                  </Text>
                </Group>
                <LiveTallyText live={proposal.live_tally} />
              </li>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
