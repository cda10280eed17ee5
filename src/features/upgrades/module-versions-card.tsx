import { Card, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { EmptyState, ErrorState, LoadingBlock } from '../../components/states/query-states.tsx';
import { grouped } from '../../lib/format-number.ts';
import { archivedUpgradeQueries } from './archive-queries.ts';
import { moduleHistories, type ModuleHistory } from './module-history.ts';
import { upgradeQueries } from './queries.ts';

/** How the module came to the version the node reports, as far as the archive saw. */
function HistoryText({
  history,
  nodeVersion,
  recordStart,
}: {
  history: ModuleHistory | undefined;
  nodeVersion: string;
  recordStart: string | null;
}) {
  if (!history)
    return (
      <Text span c="dimmed" fz="sm">
        not in the archive’s record
      </Text>
    );
  if (history.version !== nodeVersion)
    return (
      <Text span c="dimmed" fz="sm">
        changed after the archive’s latest block
      </Text>
    );
  if (history.kind === 'changed')
    return (
      <Text span fz="sm">
        {history.from} → {history.version} at <span style={{ whiteSpace: 'nowrap' }}>{grouped(history.height)}</span>
      </Text>
    );
  // Seen where the record begins (said once above the table), and never changed since: one row
  // does not repeat the record's first height eighteen times.
  if (history.kind === 'first-seen' && history.height === recordStart)
    return (
      <Text span c="dimmed" fz="sm">
        unchanged in the archive’s record
      </Text>
    );
  return (
    <Text span fz="sm" c={history.kind === 'first-seen' ? 'dimmed' : undefined}>
      {history.kind === 'added' ? 'added at' : 'first seen at'}{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{grouped(history.height)}</span>
    </Text>
  );
}

/**
 * The node's modules and their consensus versions, filtered by name as the reader types; with an
 * archive, the height at which each changed, or that it was first seen where the archive begins.
 */
export function ModuleVersionsCard({ endpoint }: { endpoint: string }) {
  const versions = useQuery(upgradeQueries.moduleVersions(endpoint));
  const archived = useQuery(archivedUpgradeQueries.history(endpoint)).data;
  const histories = archived ? moduleHistories(archived.module_version_changes) : null;
  const [filter, setFilter] = useState('');
  const headingId = useId();
  const shown =
    versions.data?.versions.filter((module) => module.name.toLowerCase().includes(filter.trim().toLowerCase())) ?? [];
  return (
    <Card h="100%">
      <Title order={2} fz="lg" mb="sm" id={headingId}>
        Module versions
      </Title>
      {histories?.recordStart && (
        <Text fz="sm" c="dimmed" mb="sm" data-testid="module-record-start">
          The archive’s record begins at height {grouped(histories.recordStart)}: a version first seen there may be
          older.
        </Text>
      )}
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
          <Table striped data-testid="module-versions" aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Module</Table.Th>
                <Table.Th>Version</Table.Th>
                {histories && <Table.Th>Seen by the archive</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((module) => (
                <Table.Tr key={module.name}>
                  <Table.Td ff="monospace">{module.name}</Table.Td>
                  <Table.Td>{module.version}</Table.Td>
                  {histories && (
                    <Table.Td>
                      <HistoryText
                        history={histories.byModule.get(module.name)}
                        nodeVersion={module.version}
                        recordStart={histories.recordStart ?? null}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
    </Card>
  );
}
