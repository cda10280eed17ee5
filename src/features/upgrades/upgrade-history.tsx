import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { ArchiveUpgrades } from '../../api/archive-upgrades.ts';
import { isArchiveAbsent } from '../../api/archive.ts';
import { isFailing } from '../../api/polling.ts';
import { NeedsArchive } from '../../components/archive-gate.tsx';
import { MetadataText } from '../../components/metadata-text.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../components/query-states.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { archiveStatusQuery } from '../../hooks/shared-queries.ts';
import { useBlockPace } from '../../hooks/use-block-pace.ts';
import { useLatestHeight } from '../../hooks/use-latest-height.ts';
import { grouped } from '../../lib/format-number.ts';
import { archivedUpgradeQueries } from './archive-queries.ts';
import { CancelledPlans } from './cancelled-plans.tsx';
import { PlanCountdown } from './plan-countdown.tsx';
import { PlanSource } from './plan-source.tsx';
import { upgradeQueries } from './queries.ts';
import { UpgradeTimeline } from './upgrade-timeline.tsx';

type Plan = ArchiveUpgrades['applied'][number];

/** Milliseconds per block measured between the first and last applied plans (both from the archive). */
export function measuredBlockMs(applied: Plan[]): number | null {
  const timed = applied.filter((plan) => plan.applied_height && plan.applied_time);
  if (timed.length < 2) return null;
  const [first, last] = [timed[0], timed[timed.length - 1]];
  const blocks = Number(BigInt(last.applied_height ?? '0') - BigInt(first.applied_height ?? '0'));
  const ms = Date.parse(last.applied_time ?? '') - Date.parse(first.applied_time ?? '');
  return blocks > 0 && ms > 0 ? ms / blocks : null;
}

/**
 * Milliseconds per block from two readings of the archive's latest block (height and time), taken
 * a few seconds apart: available before two upgrades have been applied.
 */
function useSampledBlockMs(endpoint: string): number | null {
  const status = useQuery({
    ...archiveStatusQuery(endpoint),
    refetchInterval: (query) => (query.state.data && !isFailing(query) ? 5000 : false),
  });
  const [first, setFirst] = useState<{ height: string; time: string } | null>(null);
  const current = status.data;
  if (!current?.latest_height || !current.latest_block_time) return null;
  if (first === null) {
    setFirst({ height: current.latest_height, time: current.latest_block_time });
    return null;
  }
  const blocks = Number(BigInt(current.latest_height) - BigInt(first.height));
  const ms = Date.parse(current.latest_block_time) - Date.parse(first.time);
  return blocks >= 4 && ms > 0 ? ms / blocks : null;
}

function AppliedTable({ applied }: { applied: Plan[] }) {
  if (applied.length === 0) return <EmptyState>The archive has seen no upgrade applied.</EmptyState>;
  return (
    <Table striped data-testid="applied-history">
      <Table.Caption>Applied plans, newest first</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Plan</Table.Th>
          <Table.Th>Height</Table.Th>
          <Table.Th>Time</Table.Th>
          <Table.Th>Scheduled by</Table.Th>
          <Table.Th>Info</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...applied].reverse().map((plan) => (
          <Table.Tr key={`${plan.name}-${plan.height}`}>
            <Table.Td ff="monospace">{plan.name}</Table.Td>
            <Table.Td ff="monospace">{grouped(plan.applied_height ?? plan.height)}</Table.Td>
            <Table.Td>{plan.applied_time ? <TimeText value={plan.applied_time} compact /> : '—'}</Table.Td>
            <Table.Td>
              <PlanSource source={plan.scheduled_by} />
            </Table.Td>
            <Table.Td style={{ maxWidth: 260, wordBreak: 'break-word' }}>
              <MetadataText value={plan.info} empty="none given" />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ModuleSince({ data }: { data: ArchiveUpgrades }) {
  return (
    <Table striped data-testid="module-since">
      <Table.Caption>Module versions and the height each last changed (as the archive saw it)</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Module</Table.Th>
          <Table.Th>Version</Table.Th>
          <Table.Th>Since height</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.module_versions.map((module) => (
          <Table.Tr key={module.name}>
            <Table.Td ff="monospace">{module.name}</Table.Td>
            <Table.Td>{module.version}</Table.Td>
            <Table.Td ff="monospace">{grouped(module.since_height)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Past and scheduled upgrades from the archive; on a plain node, the countdown alone. */
export function UpgradeHistory({ endpoint }: { endpoint: string }) {
  // The node's scheduled plan (current_plan) and pace, for the countdown when there is no archive.
  const nodePlan = useQuery(upgradeQueries.currentPlan(endpoint)).data?.plan ?? null;
  const nodeMsPerBlock = useBlockPace(endpoint);
  const query = useQuery(archivedUpgradeQueries.history(endpoint));
  const latest = useLatestHeight(endpoint);
  const sampled = useSampledBlockMs(endpoint);
  if (query.isPending) return <LoadingBlock label="Loading the upgrade history" rows={4} />;
  if (query.isError && !isArchiveAbsent(query.error))
    return <ErrorState error={query.error} what="Upgrade history" onRetry={() => void query.refetch()} />;
  const data = query.data;
  const measured = (data ? measuredBlockMs(data.applied) : null) ?? sampled;
  const scheduled = data ? data.scheduled : nodePlan;
  return (
    <Stack gap="md">
      <Card>
        <Title order={2} fz="lg" mb="sm">
          Next upgrade
        </Title>
        {data?.scheduled ? (
          <Text fz="sm" mb="xs" data-testid="scheduled-by">
            Scheduled at height {grouped(data.scheduled.scheduled_at_height ?? '?')} by{' '}
            <PlanSource source={data.scheduled.scheduled_by} />
          </Text>
        ) : null}
        {scheduled ? (
          <PlanCountdown
            name={scheduled.name}
            height={scheduled.height}
            latest={latest}
            msPerBlock={measured ?? nodeMsPerBlock}
            measured={measured !== null}
            nodeOnly={!data}
          />
        ) : (
          <EmptyState>No upgrade is scheduled.</EmptyState>
        )}
      </Card>
      <Card>
        <Title order={2} fz="lg" mb="sm">
          Upgrade history
        </Title>
        {data ? (
          <Stack gap="sm">
            <UpgradeTimeline applied={data.applied} scheduled={data.scheduled} />
            <AppliedTable applied={data.applied} />
            <CancelledPlans cancelled={data.cancelled} />
            <ModuleSince data={data} />
          </Stack>
        ) : (
          <NeedsArchive
            what="The list of applied upgrades"
            instead="A node answers only “at which height was the plan named X applied?”: look a name up below."
          />
        )}
      </Card>
    </Stack>
  );
}
