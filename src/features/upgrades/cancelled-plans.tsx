import { Table } from '@mantine/core';

import type { ArchiveUpgrades } from '../../api/archive-upgrades.ts';
import { grouped } from '../../lib/format-number.ts';
import { PlanSource } from './plan-source.tsx';

type Plan = ArchiveUpgrades['cancelled'][number];

/** Plans cancelled, or replaced by another, before their height: what scheduled and what ended each. */
export function CancelledPlans({ cancelled }: { cancelled: Plan[] }) {
  if (cancelled.length === 0) return null;
  return (
    <Table striped data-testid="cancelled-plans">
      <Table.Caption>Plans cancelled or replaced before their height, latest plan height first</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Plan</Table.Th>
          <Table.Th>For height</Table.Th>
          <Table.Th>Scheduled by</Table.Th>
          <Table.Th>Cancelled at</Table.Th>
          <Table.Th>Cancelled by</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...cancelled].reverse().map((plan) => (
          <Table.Tr key={`${plan.name}-${plan.cancelled_at_height ?? ''}`}>
            <Table.Td ff="monospace">{plan.name}</Table.Td>
            <Table.Td ff="monospace">{grouped(plan.height)}</Table.Td>
            <Table.Td>
              <PlanSource source={plan.scheduled_by} />
            </Table.Td>
            <Table.Td ff="monospace">{plan.cancelled_at_height ? grouped(plan.cancelled_at_height) : '—'}</Table.Td>
            <Table.Td>
              <PlanSource source={plan.cancelled_by} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
