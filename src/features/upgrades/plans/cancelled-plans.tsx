import { Stack, Title } from '@mantine/core';
import { useId } from 'react';

import type { ArchiveUpgrades } from '../../../api/archive-upgrades.ts';
import { grouped } from '../../../lib/format-number.ts';
import { StackedTable, type StackedColumn } from '../stacked-table.tsx';
import { PlanName } from './plan-name.tsx';
import { PlanSource } from './plan-source.tsx';

type Plan = ArchiveUpgrades['cancelled'][number];

const columns: StackedColumn<Plan>[] = [
  { label: 'Plan', cell: (plan) => <PlanName name={plan.name} /> },
  { label: 'For height', numeric: true, cell: (plan) => grouped(plan.height) },
  { label: 'Scheduled by', cell: (plan) => <PlanSource source={plan.scheduled_by} /> },
  {
    label: 'Cancelled at',
    numeric: true,
    cell: (plan) => (plan.cancelled_at_height ? grouped(plan.cancelled_at_height) : '—'),
  },
  { label: 'Cancelled by', cell: (plan) => <PlanSource source={plan.cancelled_by} /> },
];

/** Plans cancelled, or replaced by another, before their height: what scheduled and what ended each. */
export function CancelledPlans({ cancelled }: { cancelled: Plan[] }) {
  const headingId = useId();
  if (cancelled.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md" id={headingId}>
        Cancelled or replaced before their height, latest plan height first
      </Title>
      <StackedTable
        rows={[...cancelled].reverse()}
        columns={columns}
        rowKey={(plan) => `${plan.name}-${plan.cancelled_at_height ?? ''}`}
        labelledBy={headingId}
        testId="cancelled-plans"
      />
    </Stack>
  );
}
