import { Card, Group, Text } from '@mantine/core';

import { AppLink } from '../../../components/page/app-link.tsx';
import { grouped } from '../../../lib/format-number.ts';

/** One line about the upgrade the node has scheduled, if any, with a link to the upgrades page. */
export function ScheduledUpgradeNote({ plan }: { plan: { name: string; height: string } | null | undefined }) {
  if (!plan) return null;
  return (
    <Card padding="sm">
      <Group gap="xs">
        <Text fz="sm">
          Upgrade <b>{plan.name}</b> is scheduled for height {grouped(plan.height)}.
        </Text>
        <AppLink to="/upgrades" fz="sm">
          Upgrades
        </AppLink>
      </Group>
    </Card>
  );
}
