import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { AppLink } from '../components/page/app-link.tsx';
import { PageTitle } from '../components/page/page-title.tsx';
import { QueryStatCard, StatCard } from '../components/page/stat-card.tsx';
import { ArchiveGate, useArchiveAvailability } from '../components/states/archive-gate.tsx';
import { ErrorState } from '../components/states/query-states.tsx';
import { NewestGroups } from '../features/groups/newest-groups.tsx';
import { OpenProposalsOfNewestGroups } from '../features/groups/open-proposals-of-newest-groups.tsx';
import { useNewestGroups, useOpenProposalsOfNewestGroups } from '../features/groups/use-newest-groups.ts';
import { OpenProposals } from '../features/proposals/open-proposals.tsx';
import { ScheduledUpgradeNote } from '../features/upgrades/plans/scheduled-upgrade-note.tsx';
import { upgradeQueries } from '../features/upgrades/queries.ts';
import { useLatestHeight } from '../hooks/time/use-latest-height.ts';
import { useEndpoint } from '../hooks/use-endpoint.ts';
import { endpointLabel } from '../lib/chain/endpoint.ts';
import { grouped } from '../lib/format-number.ts';
import classes from './overview-page.module.css';

export function Component() {
  const endpoint = useEndpoint();
  const height = useLatestHeight(endpoint);
  const newest = useNewestGroups(endpoint);
  const plan = useQuery(upgradeQueries.currentPlan(endpoint));
  const versions = useQuery(upgradeQueries.moduleVersions(endpoint));
  // Without an archive, open proposals are found by walking the newest groups' policies (two
  // requests each); with one, a single archive request lists them all.
  const archive = useArchiveAvailability(endpoint);
  const openOfNewest = useOpenProposalsOfNewestGroups(endpoint, newest, archive === 'absent' || archive === 'failed');

  return (
    <Stack gap="lg">
      <PageTitle title="Group governance and upgrades" kicker="Overview" docTitle="Overview" />
      {newest.noCount && (
        <ErrorState error={newest.count.error} onRetry={() => void newest.count.refetch()} what="Groups" />
      )}
      <div className={classes.stats}>
        <StatCard
          label="Endpoint"
          value={
            <Text span fz="sm" fw={600}>
              {endpointLabel(endpoint)}
            </Text>
          }
        />
        <StatCard
          label="Latest height"
          value={height ? grouped(height) : plan.isPending ? '…' : 'not reported'}
          testId="overview-height"
        />
        <QueryStatCard label="Groups" query={newest.count} show={grouped} testId="overview-groups" />
        <QueryStatCard label="Modules" query={versions} show={(data) => data.versions.length} />
      </div>
      <ScheduledUpgradeNote plan={plan.data?.plan} />
      <div className={classes.columns}>
        <div>
          <NewestGroups newest={newest} />
        </div>
        <div>
          <Card h="100%">
            <Title order={2} fz="lg" mb={4}>
              Open proposals
            </Title>
            <ArchiveGate
              endpoint={endpoint}
              present={() => <OpenProposals endpoint={endpoint} />}
              absent={() => <OpenProposalsOfNewestGroups read={openOfNewest} />}
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
