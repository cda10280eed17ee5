import { Card, Stack, Text, Title } from '@mantine/core';

import type { ArchiveUpgrades } from '../../../api/archive-upgrades.ts';
import { Field } from '../../../components/page/field.tsx';
import { EmptyState } from '../../../components/states/query-states.tsx';
import { MetadataText } from '../../../components/text/metadata-text.tsx';
import { ASSUMED_BLOCK_MS } from '../../../hooks/time/block-estimate.ts';
import { useBlockEstimate, useChainHead } from '../../../hooks/time/use-block-estimate.ts';
import { grouped } from '../../../lib/format-number.ts';
import { PlanCountdown } from './plan-countdown.tsx';
import { PlanSource } from './plan-source.tsx';

type Plan = ArchiveUpgrades['applied'][number];

/**
 * The scheduled upgrade, counting down: the archive's record of it (with what scheduled it) or,
 * without an archive, the plan the node answers.
 */
export function NextUpgradeCard({
  endpoint,
  archived,
  nodePlan,
}: {
  endpoint: string;
  /** The archive's scheduled plan; undefined where there is no archive. */
  archived: Plan | null | undefined;
  nodePlan: { name: string; height: string; info: string } | null;
}) {
  const scheduled = archived === undefined ? nodePlan : archived;
  // Block times and the head are read only while there is something to count down to.
  const estimate = useBlockEstimate(endpoint, scheduled !== null);
  const head = useChainHead(endpoint, estimate?.msPerBlock ?? ASSUMED_BLOCK_MS, scheduled !== null);
  return (
    <Card>
      <Title order={2} fz="lg" mb="sm">
        Next upgrade
      </Title>
      {archived && (
        <Text fz="sm" mb="sm" data-testid="scheduled-by">
          {!archived.scheduled_by ? (
            'Scheduled before the archive’s record begins.'
          ) : (
            <>
              Scheduled {archived.scheduled_at_height && <>in block {grouped(archived.scheduled_at_height)} </>}
              by <PlanSource source={archived.scheduled_by} titleFrom={endpoint} />.
            </>
          )}
        </Text>
      )}
      {scheduled ? (
        <Stack gap="sm" data-testid="current-plan">
          <PlanCountdown name={scheduled.name} height={scheduled.height} head={head} estimate={estimate} />
          {/* The plan's info is shown here, once: the node's current plan is not repeated below. */}
          <Field label="Info">
            <MetadataText value={scheduled.info} empty="none given" />
          </Field>
        </Stack>
      ) : (
        <EmptyState>No upgrade is scheduled.</EmptyState>
      )}
    </Card>
  );
}
