import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

import { SAME_ORIGIN, useEndpoint, useSetEndpoint, validateEndpoint } from './endpoint.ts';

interface Upstream {
  name: string;
  path: string;
}

/** Lists the --upstream proxies of the Polity server that served this page, if any. */
function useUpstreams(): Upstream[] {
  const [list, setList] = useState<Upstream[]>([]);
  useEffect(() => {
    const ctrl = new AbortController();
    fetch('/polity/config.json', { signal: ctrl.signal })
      .then((r) => (r.ok ? (r.json() as Promise<{ upstreams?: Upstream[] }>) : { upstreams: [] }))
      .then((c) => setList(Array.isArray(c.upstreams) ? c.upstreams.filter((u) => typeof u.path === 'string') : []))
      .catch(() => setList([]));
    return () => ctrl.abort();
  }, []);
  return list;
}

/** The endpoint form, loaded only when the user opens it (it is not needed to read a page). */
export default function EndpointForm({ onDone }: { onDone: () => void }) {
  const endpoint = useEndpoint();
  const setEndpoint = useSetEndpoint();
  const upstreams = useUpstreams();
  const [value, setValue] = useState(endpoint);
  const [error, setError] = useState<string | null>(null);
  const apply = (v: string) => {
    const r = validateEndpoint(v);
    if (!r.ok) return setError(r.reason);
    setError(null);
    onDone();
    setEndpoint(r.value);
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
          onChange={(e) => setValue(e.currentTarget.value)}
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
            {upstreams.map((u) => (
              <Button key={u.name} size="xs" variant="light" onClick={() => apply(u.path)}>
                {u.name} ({u.path})
              </Button>
            ))}
          </Stack>
        )}
      </Stack>
    </form>
  );
}
