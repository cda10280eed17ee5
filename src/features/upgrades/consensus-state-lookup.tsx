import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { ErrorState } from '../../components/states/query-states.tsx';
import { grouped } from '../../lib/format-number.ts';
import { upgradeQueries } from './queries.ts';

/** A height as typed or pasted: "519,082" and "519082" are the same height. */
const digitsOf = (text: string) => text.trim().replace(/[,_\s]/g, '');
const isHeight = (text: string) => /^\d{1,19}$/.test(digitsOf(text));

/** The Any type URL near the start of the stored bytes, to say what kind of state it is. */
function typeUrlOf(base64: string): string | null {
  try {
    const bytes = atob(base64);
    const match = /\/[\w.]+/.exec(bytes.slice(0, 200));
    return match ? match[0] : null;
  } catch {
    return null;
  }
}

export function ConsensusStateLookup({ endpoint, initial }: { endpoint: string; initial: string }) {
  const [input, setInput] = useState(initial);
  const [height, setHeight] = useState(digitsOf(initial));
  const valid = isHeight(input);
  const state = useQuery(upgradeQueries.consensusState(endpoint, isHeight(height) ? height : null));
  return (
    <Stack gap="sm">
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          if (valid) setHeight(digitsOf(input));
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Plan height"
            description="IBC stores the upgraded consensus state under the height of a pending upgrade plan."
            placeholder="e.g. the current plan's height"
            value={input}
            onChange={(ev) => setInput(ev.currentTarget.value)}
            error={input.trim() !== '' && !valid ? 'A height is a whole number.' : null}
            style={{ flex: 1 }}
          />
          <Button type="submit" disabled={!valid}>
            Look up
          </Button>
        </Group>
      </form>
      {state.isFetching && !state.data && <Text fz="sm">…</Text>}
      {state.isError && <ErrorState error={state.error} what="Consensus state" onRetry={() => void state.refetch()} />}
      {state.isSuccess && (
        <div data-testid="consensus-state">
          {state.data === null ? (
            <Text fz="sm">Nothing stored at height {grouped(height)}.</Text>
          ) : (
            <Stack gap={4}>
              <Text fz="sm">
                {Math.floor((state.data.length * 3) / 4) -
                  (state.data.endsWith('==') ? 2 : state.data.endsWith('=') ? 1 : 0)}{' '}
                bytes stored at height {grouped(height)}
                {typeUrlOf(state.data) ? ` (${typeUrlOf(state.data)})` : ''}.
              </Text>
              <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                {state.data}
              </Code>
            </Stack>
          )}
        </div>
      )}
    </Stack>
  );
}
