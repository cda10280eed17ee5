import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { isApiError } from '../../api/errors.ts';
import { useEndpoint, useSetEndpoint } from '../../hooks/use-endpoint.ts';
import { endpointLabel, SAME_ORIGIN } from '../../lib/chain/endpoint.ts';
import { OnChainText } from '../text/on-chain-text.tsx';
import { useSaysItFirst } from './said-once.ts';

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

/** What went wrong with `what`, in words a reader can act on (the server's own text stays behind a toggle). */
export function errorInWords(error: unknown, what: string, endpoint: string): string {
  const kind = isApiError(error) ? error.kind : 'server';
  const label = endpointLabel(endpoint);
  const titles: Record<string, string> = {
    'not-found': `${what}: not found`,
    'bad-request': `${what}: the request was refused`,
    unsupported: `${what}: this endpoint does not serve the group/upgrade API`,
    unreachable: `Could not reach ${label}`,
    timeout: `${label} did not answer in time`,
    server: `${what}: the server failed`,
    contract: `${what}: the answer was not what the Cosmos API sends`,
  };
  return titles[kind] ?? titles.server;
}

/** The server's own words, for those who want them: folded away, never the message itself. */
export function RawErrorText({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  if (!detail) return null;
  return (
    <Text component="details" fz="xs" c="dimmed" data-testid="raw-error">
      <summary style={{ cursor: 'pointer' }}>What the server said</summary>
      <span style={{ wordBreak: 'break-word' }}>{detail}</span>
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
  const setEndpoint = useSetEndpoint();
  const kind = isApiError(error) ? error.kind : 'server';
  // A server answered for the chain (this Polity's proxy, a gateway) that the node behind it did not:
  // its reason is the news, and CORS has nothing to do with it.
  const behindServer = isApiError(error) && kind === 'unreachable' && error.status !== undefined;
  const help: Record<string, ReactNode> = {
    'not-found': notFound ?? 'Check the id or address.',
    unreachable: behindServer ? (
      <span data-testid="server-reason">
        The server answered, but the chain’s node behind it did not. The server says:{' '}
        <OnChainText value={error instanceof Error ? error.message : ''} max={400} />
      </span>
    ) : (
      'It may be down, or the address wrong. A node that sends no CORS headers can only be read through a ' +
      'Polity server that proxies it.'
    ),
    unsupported: 'Is this a Cosmos SDK REST endpoint with the group and upgrade modules?',
  };
  const title = errorInWords(error, what, endpoint);
  // The endpoint's own failure reads the same in every section: said in full once per page.
  const endpointWide = kind === 'unreachable' || kind === 'timeout' || kind === 'unsupported';
  const first = useSaysItFirst(endpointWide ? `${kind}|${title}|${behindServer}` : null);
  if (!first)
    return (
      <Group gap="xs" data-testid="error-said-above">
        <Text fz="sm" c="dimmed">
          {what}: not shown — {title.charAt(0).toLowerCase() + title.slice(1)} (said in full on this page).
        </Text>
        {onRetry && (
          <Button size="compact-xs" variant="subtle" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Group>
    );
  return (
    <Alert color={kind === 'not-found' ? 'yellow' : 'red'} title={title} role="alert">
      <Stack gap="xs">
        {help[kind] && <Text fz="sm">{help[kind]}</Text>}
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
        <RawErrorText error={error} />
      </Stack>
    </Alert>
  );
}

/** Shown over data that is still on screen while its background refresh fails. */
export function StaleNote({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const endpoint = useEndpoint();
  return (
    <Alert color="orange" variant="light" py={6} role="status" title="Stale: showing the last data received">
      <Group gap="xs" justify="space-between">
        <Text fz="xs">{errorInWords(error, 'The refresh', endpoint)}. Asking again in the background.</Text>
        <Button size="compact-xs" variant="subtle" onClick={onRetry}>
          Retry now
        </Button>
      </Group>
      <RawErrorText error={error} />
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
  const endpoint = useEndpoint();
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
          <Text fz="xs" c="dimmed">
            {errorInWords(error, 'The read', endpoint)}. Trying again in the background.
          </Text>
          <Button size="compact-xs" variant="light" onClick={onRetry}>
            Retry now
          </Button>
        </Group>
        <RawErrorText error={error} />
      </Stack>
    </Alert>
  );
}

/** Where an empty list would say "none": what it waits for instead. */
export function CatchingUpState({ reason, what }: { reason: string; what: string }) {
  return (
    <Text fz="sm" c="dimmed" role="status" data-testid="archive-catching-up" py="xs">
      {reason}. {what} appear here as it reads; until then, none shown does not mean none.
    </Text>
  );
}
