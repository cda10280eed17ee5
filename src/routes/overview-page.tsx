import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { AppLink } from '../components/app-link.tsx';
import { StatusBadge } from '../components/badges.tsx';
import { DecimalText } from '../components/decimal-text.tsx';
import { IdText } from '../components/id-text.tsx';
import { metadataName } from '../components/metadata-text.tsx';
import { ChainLabel } from '../components/on-chain-text.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { EmptyState, ErrorState, LoadingBlock, LookupFailed } from '../components/query-states.tsx';
import { RelativeTime } from '../components/relative-time.tsx';
import { isUndecided, proposalPhase } from '../domain/proposal-phase.ts';
import { ArchiveGate } from '../features/archive/archive-gate.tsx';
import { OpenProposals } from '../features/archive/open-proposals.tsx';
import { overviewQueries } from '../features/groups/overview-queries.ts';
import { groupQueries } from '../features/groups/queries.ts';
import { SearchBox } from '../features/search/search-box.tsx';
import { upgradeQueries } from '../features/upgrades/queries.ts';
import { useEndpoint } from '../hooks/use-endpoint.ts';
import { useLatestHeight } from '../hooks/use-latest-height.ts';
import { useNow } from '../hooks/use-now.ts';
import { endpointLabel } from '../lib/endpoint.ts';
import { grouped } from '../lib/format-number.ts';
import { compareIds } from '../lib/ids.ts';
import { compareTimes, instant } from '../lib/time.ts';
import classes from './overview-page.module.css';

const RECENT = 8;

function Unavailable() {
  return (
    <Text span fz="sm" c="dimmed" fw={400}>
      unavailable
    </Text>
  );
}

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Card padding="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </Card>
  );
}

export function Component() {
  const endpoint = useEndpoint();
  const now = useNow(15_000);
  const height = useLatestHeight(endpoint);
  const count = useQuery(overviewQueries.groupCount(endpoint));
  const plan = useQuery(upgradeQueries.currentPlan(endpoint));
  const versions = useQuery(upgradeQueries.moduleVersions(endpoint));
  const recent = useQuery(overviewQueries.recentGroups(endpoint, count.data ?? null, RECENT));
  // Open proposals are the newest of each policy, so the latest page of each is what to read.
  const latest = useQueries({
    queries: (recent.data ?? []).map((group) => groupQueries.latestProposals(endpoint, group.id, 100)),
  });
  const openProposals = latest
    .flatMap((query, index) =>
      (query.data?.proposals ?? []).map((proposal) => ({ proposal, group: recent.data?.[index] })),
    )
    .filter(({ proposal }) => isUndecided(proposal.status))
    .sort(
      (a, b) =>
        compareTimes(a.proposal.voting_period_end, b.proposal.voting_period_end) ||
        compareIds(a.proposal.id, b.proposal.id),
    );
  // Nothing waits on a read that failed: its error is shown instead of a skeleton.
  // A count that failed with nothing read before (a later failed refresh keeps the last count).
  const noCount = count.isError && count.data === undefined;
  const noRecent = noCount || (recent.isError && recent.data === undefined);
  const openLoading = (recent.isPending && !noCount) || latest.some((query) => query.isPending);
  const failedLatest = latest.filter((query) => query.isError);

  return (
    <Stack gap="lg">
      <PageTitle title="Group governance and upgrades" kicker="Overview" docTitle="Overview" />
      <SearchBox />
      {noCount && <ErrorState error={count.error} onRetry={() => void count.refetch()} what="Groups" />}
      <div className={classes.stats}>
        <Stat
          label="Endpoint"
          value={
            <Text span fz="sm" fw={600}>
              {endpointLabel(endpoint)}
            </Text>
          }
        />
        <Stat
          label="Latest height"
          value={height ?? (plan.isPending ? '…' : 'not reported')}
          testId="overview-height"
        />
        <Stat
          label="Groups"
          value={count.data !== undefined ? grouped(count.data) : count.isError ? <Unavailable /> : '…'}
          testId="overview-groups"
        />
        <Stat
          label="Modules"
          value={versions.data ? versions.data.versions.length : versions.isError ? <Unavailable /> : '…'}
        />
      </div>
      {plan.data?.plan && (
        <Card padding="sm">
          <Group gap="xs">
            <Text fz="sm">
              Upgrade <b>{plan.data.plan.name}</b> is scheduled at height {plan.data.plan.height}.
            </Text>
            <AppLink to="/upgrades" fz="sm">
              Upgrades
            </AppLink>
          </Group>
        </Card>
      )}
      <div className={classes.columns}>
        <div>
          <Card h="100%">
            <Title order={2} fz="lg" mb="sm">
              Newest groups
            </Title>
            {recent.isPending && count.isPending && <LoadingBlock label="Loading groups" />}
            {recent.isError && <ErrorState error={recent.error} onRetry={() => void recent.refetch()} what="Groups" />}
            {noCount && <EmptyState>The newest groups are found from the count of groups, which failed.</EmptyState>}
            {recent.data &&
              (recent.data.length === 0 ? (
                <EmptyState>No groups on this chain yet.</EmptyState>
              ) : (
                <ul className={classes.list}>
                  {recent.data.map((group) => (
                    <li key={group.id} className={classes.item}>
                      <AppLink to={`/groups/${group.id}`} className={classes.title}>
                        <IdText id={group.id} /> {metadataName(group.metadata, '')}
                      </AppLink>
                      <Text span c="dimmed" fz="sm">
                        weight <DecimalText value={group.total_weight} interactive={false} />
                      </Text>
                    </li>
                  ))}
                </ul>
              ))}
            <AppLink to="/groups" fz="sm">
              All groups →
            </AppLink>
          </Card>
        </div>
        <div>
          <Card h="100%">
            <Title order={2} fz="lg" mb={4}>
              Open proposals
            </Title>
            <ArchiveGate
              endpoint={endpoint}
              present={() => <OpenProposals endpoint={endpoint} />}
              absent={() => (
                <>
                  <Text fz="xs" c="dimmed" mb="sm">
                    In the {RECENT} newest groups, soonest to close first.
                  </Text>
                  {openLoading && <LoadingBlock label="Loading open proposals" />}
                  {noRecent && (
                    <EmptyState>Open proposals are looked up in the newest groups, which could not be read.</EmptyState>
                  )}
                  {failedLatest.length > 0 && (
                    <LookupFailed
                      what={`The proposals of ${failedLatest.length} group${failedLatest.length === 1 ? '' : 's'}`}
                      waiting="This list may miss open proposals until they are read."
                      error={failedLatest[0]?.error}
                      onRetry={() => failedLatest.forEach((query) => void query.refetch())}
                    />
                  )}
                  {!openLoading && !noRecent && openProposals.length === 0 && failedLatest.length === 0 && (
                    <EmptyState>No proposal is open for voting in these groups.</EmptyState>
                  )}
                  {openProposals.length > 0 && (
                    <ul className={classes.list} data-testid="open-proposals">
                      {openProposals.slice(0, 15).map(({ proposal, group }) => {
                        const end = instant(proposal.voting_period_end);
                        return (
                          <li key={proposal.id} className={classes.item}>
                            <AppLink to={`/proposals/${proposal.id}`} className={classes.title}>
                              <IdText id={proposal.id} /> <ChainLabel value={proposal.title} fallback="(untitled)" />
                            </AppLink>
                            <span className={classes.facts}>
                              <StatusBadge status={proposal.status} />
                              <Text span fz="sm" c="dimmed">
                                {group ? `${metadataName(group.metadata, `group #${group.id}`)} · ` : ''}
                                {end === null ? (
                                  ''
                                ) : proposalPhase(proposal, now) === 'voting' ? (
                                  <RelativeTime date={end} prefix="closes " past="voting ended " />
                                ) : (
                                  'voting ended'
                                )}
                              </Text>
                            </span>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </>
              )}
            />
            <AppLink to="/proposals?open=1&sort=voting_period_end" fz="sm">
              All open proposals →
            </AppLink>
          </Card>
        </div>
      </div>
    </Stack>
  );
}
