import { Table, Text } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';

import { AppLink } from '../../components/app-link.tsx';
import { DecimalText } from '../../components/decimal-text.tsx';
import { LoadingBlock } from '../../components/query-states.tsx';
import { grouped } from '../../lib/format-number.ts';
import { metadataName } from '../../lib/metadata.ts';
import { participationQueries } from './participation-data.ts';

/** Participation per group: votes cast of the proposals submitted while a member, and weight over time. */
export function Participation({ endpoint, address }: { endpoint: string; address: string }) {
  const groups = useQuery(participationQueries.groups(endpoint, address));
  const votes = useQuery(participationQueries.votes(endpoint, address));
  const perGroup = useQueries({
    queries: (groups.data?.rows ?? []).map((group) => participationQueries.group(endpoint, address, group.id)),
  });
  if (groups.isPending || votes.isPending || perGroup.some((query) => query.isPending))
    return <LoadingBlock rows={2} label="Working out participation" />;
  if (groups.isError || votes.isError || perGroup.some((query) => query.isError)) return null;
  const voted = new Set(votes.data.map((vote) => vote.proposal_id));
  const rows = groups.data.rows.map((group, index) => {
    const data = perGroup[index].data!;
    return { group, ...data, votedOn: data.eligible.filter((id) => voted.has(id)).length };
  });
  if (rows.length === 0) return <Text fz="sm">Not a member of any group now.</Text>;
  const [votedOn, could] = rows.reduce(([a, b], row) => [a + row.votedOn, b + row.eligible.length], [0, 0]);
  return (
    <Table data-testid="participation">
      <Table.Caption>
        Voted on {votedOn} of {could} proposals submitted while a member (groups they are in now; as the archive saw
        them)
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Group</Table.Th>
          <Table.Th>Voted on</Table.Th>
          <Table.Th>Weight over time</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.group.id}>
            <Table.Td>
              <AppLink to={`/groups/${row.group.id}`}>
                #{row.group.id} {metadataName(row.group.metadata, '')}
              </AppLink>
            </Table.Td>
            <Table.Td>
              {row.votedOn} of {row.eligible.length}
            </Table.Td>
            <Table.Td>
              {row.weights.map((step, index) => (
                <Text span fz="xs" key={`${step.height}-${index}`}>
                  {index > 0 ? ' → ' : ''}
                  <DecimalText value={step.weight} exact interactive={false} /> (h {grouped(step.height)})
                </Text>
              ))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
