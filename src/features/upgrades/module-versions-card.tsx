import { Card, Table, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { EmptyState, ErrorState, LoadingBlock } from '../../components/query-states.tsx';
import { upgradeQueries } from './queries.ts';

/** The node's modules and their consensus versions, filtered by name as the reader types. */
export function ModuleVersionsCard({ endpoint }: { endpoint: string }) {
  const versions = useQuery(upgradeQueries.moduleVersions(endpoint));
  const [filter, setFilter] = useState('');
  const shown =
    versions.data?.versions.filter((module) => module.name.toLowerCase().includes(filter.trim().toLowerCase())) ?? [];
  return (
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
  );
}
