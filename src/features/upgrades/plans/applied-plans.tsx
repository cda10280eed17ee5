import { Stack, Title } from '@mantine/core';
import { useId } from 'react';

import type { ArchiveUpgrades } from '../../../api/archive-upgrades.ts';
import { CatchingUpState, EmptyState } from '../../../components/states/query-states.tsx';
import { MetadataText } from '../../../components/text/metadata-text.tsx';
import { TimeText } from '../../../components/values/time-text.tsx';
import { grouped } from '../../../lib/format-number.ts';
import { StackedTable, type StackedColumn } from '../stacked-table.tsx';
import { PlanName } from './plan-name.tsx';
import { PlanSource } from './plan-source.tsx';

type Plan = ArchiveUpgrades['applied'][number];

const columns: StackedColumn<Plan>[] = [
  { label: 'Plan', cell: (plan) => <PlanName name={plan.name} /> },
  { label: 'Height', numeric: true, cell: (plan) => grouped(plan.applied_height ?? plan.height) },
  { label: 'Time', cell: (plan) => (plan.applied_time ? <TimeText value={plan.applied_time} compact /> : '—') },
  { label: 'Scheduled by', cell: (plan) => <PlanSource source={plan.scheduled_by} /> },
  { label: 'Info', wide: 320, cell: (plan) => <MetadataText value={plan.info} empty="none given" /> },
];

/** Applied plans, newest first, with what scheduled each and the info it carried. */
export function AppliedPlans({ applied, catchingUp = null }: { applied: Plan[]; catchingUp?: string | null }) {
  const headingId = useId();
  if (applied.length === 0 && catchingUp) return <CatchingUpState reason={catchingUp} what="Applied upgrades" />;
  if (applied.length === 0) return <EmptyState>The archive has seen no upgrade applied.</EmptyState>;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md" id={headingId}>
        Applied, newest first
      </Title>
      <StackedTable
        rows={[...applied].reverse()}
        columns={columns}
        rowKey={(plan) => `${plan.name}-${plan.height}`}
        labelledBy={headingId}
        testId="applied-history"
        // Its info (JSON) needs room a tablet's table would not leave it.
        stackBelow="62em"
      />
    </Stack>
  );
}
