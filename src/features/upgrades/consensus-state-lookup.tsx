import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { ErrorState } from '../../components/query-states.tsx';
import { upgradeQueries } from './queries.ts';

function typeUrlOf(b64: string): string | null {
  try {
    const bin = atob(b64);
    const m = /\/[\w.]+/.exec(bin.slice(0, 200));
    return m ? m[0] : null;
  } catch {
    return null;
  }
}

export function ConsensusStateLookup({ endpoint, initial }: { endpoint: string; initial: string }) {
  const [input, setInput] = useState(initial);
  const [height, setHeight] = useState(initial);
  const valid = /^\d{1,19}$/.test(input.trim());
  const q = useQuery({ ...upgradeQueries.consensusState(endpoint, height), enabled: /^\d{1,19}$/.test(height) });
  return (
    <Stack gap="sm">
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          if (valid) setHeight(input.trim());
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
      {q.isFetching && !q.data && <Text fz="sm">…</Text>}
      {q.isError && <ErrorState error={q.error} what="Consensus state" onRetry={() => void q.refetch()} />}
      {q.isSuccess && (
        <div data-testid="consensus-state">
          {q.data === null ? (
            <Text fz="sm">Nothing stored at height {height}.</Text>
          ) : (
            <Stack gap={4}>
              <Text fz="sm">
                {Math.floor((q.data.length * 3) / 4) - (q.data.endsWith('==') ? 2 : q.data.endsWith('=') ? 1 : 0)} bytes
                stored at height {height}
                {typeUrlOf(q.data) ? ` (${typeUrlOf(q.data)})` : ''}.
              </Text>
              <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                {q.data}
              </Code>
            </Stack>
          )}
        </div>
      )}
    </Stack>
  );
}
