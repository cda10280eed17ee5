import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { isApiError } from '../api/errors.ts';
import { useEndpoint, useSetEndpoint } from '../hooks/use-endpoint.ts';
import { endpointLabel, SAME_ORIGIN } from '../lib/endpoint.ts';

export function LoadingBlock({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={22} width={`${90 - i * 12}%`} />
      ))}
    </Stack>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" fz="sm" py="sm" role="status">
      {children}
    </Text>
  );
}

/** Explains a failed request in plain words and offers what can help: retry, or a way back. */
export function ErrorState({
  error,
  onRetry,
  notFound,
  what,
}: {
  error: unknown;
  onRetry?: () => void;
  notFound?: ReactNode;
  what: string;
}) {
  const endpoint = useEndpoint();
  const label = endpointLabel(endpoint);
  const setEndpoint = useSetEndpoint();
  const kind = isApiError(error) ? error.kind : 'server';
  const detail = error instanceof Error ? error.message : String(error);
  const titles: Record<string, string> = {
    'not-found': `${what}: not found`,
    'bad-request': `${what}: the request was refused`,
    unsupported: `${what}: this endpoint does not serve the group/upgrade API`,
    unreachable: `Could not reach ${label}`,
    timeout: `${label} did not answer in time`,
    server: `${what}: the server failed`,
    contract: `${what}: the answer was not what the Cosmos API sends`,
  };
  const help: Record<string, ReactNode> = {
    'not-found': notFound ?? 'Check the id or address.',
    unreachable:
      'It may be down or the address may be wrong. A node whose REST endpoint sends no CORS headers cannot be ' +
      'read from a browser directly: run Polity with --upstream NAME=URL and choose /upstream/NAME.',
    unsupported: 'Is this a Cosmos SDK REST endpoint with the group and upgrade modules?',
  };
  return (
    <Alert color={kind === 'not-found' ? 'yellow' : 'red'} title={titles[kind]} role="alert">
      <Stack gap="xs">
        {help[kind] && <Text fz="sm">{help[kind]}</Text>}
        <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {detail}
        </Text>
        <Group gap="xs">
          {onRetry && (isApiError(error) ? error.retryable || kind === 'server' : true) && (
            <Button size="xs" variant="light" onClick={onRetry}>
              Retry
            </Button>
          )}
          {(kind === 'unreachable' || kind === 'unsupported' || kind === 'contract' || kind === 'timeout') &&
            endpoint !== SAME_ORIGIN && (
              <Button size="xs" variant="default" onClick={() => setEndpoint(SAME_ORIGIN)}>
                Back to this server's chain
              </Button>
            )}
        </Group>
      </Stack>
    </Alert>
  );
}

/** Shown over data that is still on screen while its background refresh fails. */
export function StaleNote({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="orange" variant="light" py={6} role="status" title="Stale: showing the last data received">
      <Group gap="xs" justify="space-between">
        <Text fz="xs">{error instanceof Error ? error.message : 'refresh failed'}</Text>
        <Button size="compact-xs" variant="subtle" onClick={onRetry}>
          Retry now
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * A read another part of the page depends on failed: shown where its data would be, saying what
 * waits for it, with a retry (the page also keeps trying in the background).
 */
export function LookupFailed({
  what,
  waiting,
  error,
  onRetry,
}: {
  what: string;
  /** What on the page cannot be shown without it. */
  waiting: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <Alert
      color="orange"
      variant="light"
      py={6}
      role="alert"
      title={`${what} could not be read`}
      data-testid="lookup-failed"
    >
      <Stack gap={4}>
        <Text fz="sm">{waiting}</Text>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {error instanceof Error ? error.message : 'request failed'} · trying again in the background
          </Text>
          <Button size="compact-xs" variant="light" onClick={onRetry}>
            Retry now
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
