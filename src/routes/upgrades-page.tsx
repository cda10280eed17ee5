import { Card, Grid, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { Field } from '../components/field.tsx';
import { MetadataText } from '../components/metadata-text.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../components/query-states.tsx';
import { archiveQueries } from '../features/archive/queries.ts';
import { UpgradeHistory } from '../features/archive/upgrade-history.tsx';
import { AppliedPlanLookup } from '../features/upgrades/applied-plan-lookup.tsx';
import { ConsensusStateLookup } from '../features/upgrades/consensus-state-lookup.tsx';
import { upgradeQueries } from '../features/upgrades/queries.ts';
import { useBlockPace } from '../hooks/use-block-pace.ts';
import { useEndpoint } from '../hooks/use-endpoint.ts';

export function Component() {
  const endpoint = useEndpoint();
  const versions = useQuery(upgradeQueries.moduleVersions(endpoint));
  const plan = useQuery(upgradeQueries.currentPlan(endpoint));
  const pace = useBlockPace(endpoint);
  const history = useQuery(archiveQueries.upgrades(endpoint));
  const knownNames = [
    ...(history.data?.applied.map((applied) => applied.name) ?? []),
    ...(history.data?.scheduled ? [history.data.scheduled.name] : []),
    ...(plan.data?.plan ? [plan.data.plan.name] : []),
  ];
  const [filter, setFilter] = useState('');
  const shown =
    versions.data?.versions.filter((module) => module.name.toLowerCase().includes(filter.trim().toLowerCase())) ?? [];
  return (
    <Stack gap="lg">
      <PageTitle title="Upgrades" docTitle="Upgrades" />
      <UpgradeHistory endpoint={endpoint} nodePlan={plan.data?.plan ?? null} nodeMsPerBlock={pace} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card h="100%">
            <Title order={2} fz="lg" mb="sm">
              Module versions
            </Title>
            <TextInput
              placeholder="Filter modules"
              aria-label="Filter modules"
              value={filter}
              onChange={(ev) => setFilter(ev.currentTarget.value)}
              mb="sm"
            />
            {versions.isPending && <LoadingBlock label="Loading module versions" rows={6} />}
            {versions.isError && (
              <ErrorState error={versions.error} what="Module versions" onRetry={() => void versions.refetch()} />
            )}
            {versions.data &&
              (shown.length === 0 ? (
                <EmptyState>No module matches "{filter}".</EmptyState>
              ) : (
                <Table striped data-testid="module-versions">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Module</Table.Th>
                      <Table.Th>Consensus version</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((module) => (
                      <Table.Tr key={module.name}>
                        <Table.Td ff="monospace">{module.name}</Table.Td>
                        <Table.Td>{module.version}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              ))}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Card>
              <Title order={2} fz="lg" mb="sm">
                Current plan
              </Title>
              {plan.isPending && <LoadingBlock label="Loading current plan" />}
              {plan.isError && (
                <ErrorState error={plan.error} what="Current plan" onRetry={() => void plan.refetch()} />
              )}
              {plan.data &&
                (plan.data.plan === null ? (
                  <EmptyState>No upgrade is scheduled.</EmptyState>
                ) : (
                  <Stack gap="sm" data-testid="current-plan">
                    <SimpleGrid cols={2}>
                      <Field label="Name">
                        <Text ff="monospace">{plan.data.plan.name}</Text>
                      </Field>
                      <Field label="Height">
                        <Text ff="monospace">{plan.data.plan.height}</Text>
                      </Field>
                    </SimpleGrid>
                    <Field label="Info">
                      <MetadataText value={plan.data.plan.info} empty="none given" />
                    </Field>
                  </Stack>
                ))}
            </Card>
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
                initial={plan.data?.plan?.height ?? ''}
                key={plan.data?.plan?.height ?? 'none'}
              />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
