import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';

import { ErrorState } from '../../../components/states/query-states.tsx';
import { grouped } from '../../../lib/format-number.ts';
import { upgradeQueries } from '../queries.ts';
import { PlanName } from './plan-name.tsx';

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

const ABOUT_NAMES = 'One or more, separated by commas or spaces. Names are case-sensitive.';
const describeNames = (known: readonly string[]) =>
  known.length === 0 ? ABOUT_NAMES : `${ABOUT_NAMES} Known here: ${[...new Set(known)].join(', ')}.`;

/** A known name equal to `name` but for case, or starting like it: what the reader probably meant. */
export function nameHint(name: string, known: readonly string[]): string | null {
  const lower = name.toLowerCase();
  return (
    known.find((candidate) => candidate !== name && candidate.toLowerCase() === lower) ??
    known.find((candidate) => candidate !== name && lower.length >= 2 && candidate.toLowerCase().startsWith(lower)) ??
    null
  );
}

export function AppliedPlanLookup({
  endpoint,
  initial,
  knownNames = [],
}: {
  endpoint: string;
  initial: string;
  /** Plan names this chain is known to have (applied or scheduled), for hints; never invented. */
  knownNames?: readonly string[];
}) {
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
            description={describeNames(knownNames)}
            placeholder={knownNames[0] ?? 'a plan name'}
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
                  <Table.Td>
                    <PlanName name={name} />
                  </Table.Td>
                  <Table.Td>
                    {result.isPending ? (
                      '…'
                    ) : result.isError ? (
                      <ErrorState error={result.error} what={name} onRetry={() => void result.refetch()} />
                    ) : result.data === '0' ? (
                      <Text span c="dimmed">
                        never applied
                        {nameHint(name, knownNames) && (
                          <>
                            {' · did you mean '}
                            <Text span ff="monospace" c="var(--mantine-color-text)">
                              {nameHint(name, knownNames)}
                            </Text>
                            ? (names are case-sensitive)
                          </>
                        )}
                      </Text>
                    ) : (
                      <Text span ff="monospace">
                        {grouped(result.data)}
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
