import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { Field } from '../../../components/page/field.tsx';
import { EmptyState, ErrorState } from '../../../components/states/query-states.tsx';
import { MetadataText } from '../../../components/text/metadata-text.tsx';
import { grouped } from '../../../lib/format-number.ts';
import { archivedUpgradeQueries } from '../archive-queries.ts';
import { ConsensusStateLookup } from '../consensus-state-lookup.tsx';
import { upgradeQueries } from '../queries.ts';
import { AppliedPlanLookup } from './applied-plan-lookup.tsx';
import { PlanName } from './plan-name.tsx';

/**
 * What the node itself answers about upgrade plans: the one scheduled now, the height at which
 * named plans were applied, and the consensus state stored for the chain after an upgrade.
 */
export function NodePlanCards({ endpoint }: { endpoint: string }) {
  const plan = useQuery(upgradeQueries.currentPlan(endpoint));
  const history = useQuery(archivedUpgradeQueries.history(endpoint));
  // Names to offer in the lookup: those the archive saw, and the plan scheduled now.
  const knownNames = [
    ...(history.data?.applied.map((applied) => applied.name) ?? []),
    ...(history.data?.scheduled ? [history.data.scheduled.name] : []),
    ...(plan.data?.plan ? [plan.data.plan.name] : []),
  ];
  // The next-upgrade card above already shows the scheduled plan (the archive's record, or the
  // node's plan where there is no archive): this card shows only what it adds, a failed read or
  // a node whose plan differs from the archive's record (one not caught up yet).
  const archived = history.data ? history.data.scheduled : undefined;
  const differs =
    plan.data !== undefined &&
    archived !== undefined &&
    (plan.data.plan?.name !== archived?.name || plan.data.plan?.height !== archived?.height);
  const shown = plan.isError || differs;
  return (
    <Stack>
      {shown && (
        <Card>
          <Title order={2} fz="lg" mb="sm">
            {plan.isError ? 'Current plan' : 'The node’s current plan'}
          </Title>
          {differs && (
            <Text fz="sm" c="dimmed" mb="sm">
              Not the plan the archive records as scheduled: one of them has not caught up with the chain yet.
            </Text>
          )}
          {plan.isError && <ErrorState error={plan.error} what="Current plan" onRetry={() => void plan.refetch()} />}
          {plan.data &&
            (plan.data.plan === null ? (
              <EmptyState>No upgrade is scheduled.</EmptyState>
            ) : (
              <Stack gap="sm" data-testid="node-current-plan">
                <SimpleGrid cols={2}>
                  <Field label="Name">
                    <PlanName name={plan.data.plan.name} />
                  </Field>
                  <Field label="Height">
                    <Text ff="monospace">{grouped(plan.data.plan.height)}</Text>
                  </Field>
                </SimpleGrid>
                <Field label="Info">
                  <MetadataText value={plan.data.plan.info} empty="none given" />
                </Field>
              </Stack>
            ))}
        </Card>
      )}
      <Card>
        <Title order={2} fz="lg" mb="sm">
          Applied plans
        </Title>
        <AppliedPlanLookup endpoint={endpoint} initial="" knownNames={knownNames} />
      </Card>
      <Card>
        <Title order={2} fz="lg" mb="sm">
          Upgraded consensus state
        </Title>
        <ConsensusStateLookup
          endpoint={endpoint}
          initial={plan.data?.plan ? grouped(plan.data.plan.height) : ''}
          key={plan.data?.plan?.height ?? 'none'}
        />
      </Card>
    </Stack>
  );
}
