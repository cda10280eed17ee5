import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';

import { ErrorState } from '../../components/query-states.tsx';
import { upgradeQueries } from './queries.ts';

/** Names separated by commas, spaces or new lines; a '/' cannot be addressed in the REST path. */
function parsePlanNames(input: string): { names: string[]; error: string | null } {
  const names = [
    ...new Set(
      input
        .split(/[\s,]+/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  if (names.some((name) => name.includes('/')))
    return { names: [], error: 'Plan names with "/" cannot be looked up through the REST API.' };
  if (names.length > 50) return { names: [], error: 'At most 50 names at once.' };
  return { names, error: null };
}

export function AppliedPlanLookup({ endpoint, initial }: { endpoint: string; initial: string }) {
  const [input, setInput] = useState(initial);
  const [submitted, setSubmitted] = useState(initial);
  const parsed = parsePlanNames(submitted);
  const results = useQueries({ queries: parsed.names.map((name) => upgradeQueries.appliedPlan(endpoint, name)) });
  const inputError = parsePlanNames(input).error;
  return (
    <Stack gap="sm">
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          if (!inputError) setSubmitted(input);
        }}
      >
        <Group align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label="Plan names"
            description="One or more, separated by commas or spaces. Names are case-sensitive."
            placeholder="v050-to-v053, v047-to-v050"
            value={input}
            onChange={(ev) => setInput(ev.currentTarget.value)}
            error={inputError}
          />
          <Button type="submit">Look up</Button>
        </Group>
      </form>
      {parsed.names.length > 0 && (
        <Table data-testid="applied-plans">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Plan</Table.Th>
              <Table.Th>Applied at height</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {parsed.names.map((name, i) => {
              const result = results[i];
              return (
                <Table.Tr key={name}>
                  <Table.Td ff="monospace">{name}</Table.Td>
                  <Table.Td>
                    {result.isPending ? (
                      '…'
                    ) : result.isError ? (
                      <ErrorState error={result.error} what={name} onRetry={() => void result.refetch()} />
                    ) : result.data === '0' ? (
                      <Text span c="dimmed">
                        never applied
                      </Text>
                    ) : (
                      <Text span ff="monospace">
                        {result.data}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
