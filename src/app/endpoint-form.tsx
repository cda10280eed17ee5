import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

import { useEndpoint, useSetEndpoint } from '../hooks/use-endpoint.ts';
import { SAME_ORIGIN, validateEndpoint } from '../lib/endpoint.ts';

interface Upstream {
  name: string;
  path: string;
}

/** Lists the --upstream proxies of the Polity server that served this page, if any. */
function useUpstreams(): Upstream[] {
  const [list, setList] = useState<Upstream[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/polity/config.json', { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ upstreams?: Upstream[] }>) : { upstreams: [] }))
      .then((config) =>
        setList(
          Array.isArray(config.upstreams)
            ? config.upstreams.filter((upstream) => typeof upstream.path === 'string')
            : [],
        ),
      )
      .catch(() => setList([]));
    return () => controller.abort();
  }, []);
  return list;
}

/** The endpoint form, loaded only when the user opens it (it is not needed to read a page). */
export function EndpointForm({ onDone }: { onDone: () => void }) {
  const endpoint = useEndpoint();
  const setEndpoint = useSetEndpoint();
  const upstreams = useUpstreams();
  const [value, setValue] = useState(endpoint);
  const [error, setError] = useState<string | null>(null);
  const apply = (input: string) => {
    const checked = validateEndpoint(input);
    if (!checked.ok) return setError(checked.reason);
    setError(null);
    onDone();
    setEndpoint(checked.value);
  };
  return (
    <form
      onSubmit={(ev) => {
        ev.preventDefault();
        apply(value);
      }}
    >
      <Stack gap="xs">
        <TextInput
          label="REST endpoint"
          description="A Cosmos SDK REST address, or a proxy path on this server. Empty: this server's chain."
          placeholder="https://rest.example.org"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group gap="xs">
          <Button type="submit" size="xs">
            Use it
          </Button>
          <Button size="xs" variant="default" onClick={() => apply(SAME_ORIGIN)}>
            This server
          </Button>
        </Group>
        {upstreams.length > 0 && (
          <Stack gap={4}>
            <Text fz="xs" c="dimmed">
              Proxies of this server
            </Text>
            {upstreams.map((upstream) => (
              <Button key={upstream.name} size="xs" variant="light" onClick={() => apply(upstream.path)}>
                {upstream.name} ({upstream.path})
              </Button>
            ))}
          </Stack>
        )}
      </Stack>
    </form>
  );
}
