import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';

import { isArchiveAbsent, type ArchiveStatus } from '../../api/archive.ts';
import { archiveStatusQuery } from '../../hooks/shared-queries.ts';
import { grouped } from '../../lib/format-number.ts';
import { OnChainText } from '../text/on-chain-text.tsx';
import { ErrorState, LoadingBlock } from './query-states.tsx';

export type ArchiveAvailability = 'checking' | 'present' | 'absent' | 'failed';

/** Whether the endpoint serves an archive: a plain node answers its status with 501. */
export function useArchiveAvailability(endpoint: string): ArchiveAvailability {
  const status = useQuery(archiveStatusQuery(endpoint));
  if (status.isPending) return 'checking';
  if (status.isError) return isArchiveAbsent(status.error) ? 'absent' : 'failed';
  return 'present';
}

/**
 * Why the archive has read nothing of its chain yet (no block in its record), or null once it has
 * (or where `endpoint` is null: no archive): an empty answer from it then means "not read", never "none".
 */
export function useArchiveUnread(endpoint: string | null): string | null {
  // Asked again every 5 s while nothing is read: the page changes the moment the archive reads.
  const status = useQuery({
    ...archiveStatusQuery(endpoint ?? ''),
    enabled: endpoint !== null,
    refetchInterval: (query) => (query.state.data?.latest_height === null ? 5000 : false),
  }).data;
  if (!status || status.latest_height !== null) return null;
  if (status.problem) return status.problem;
  return status.phase === 'starting'
    ? 'the archive is still opening'
    : 'the archive has not read a block of this chain';
}

/**
 * Why the archive cannot yet speak for the chain's present (it is opening, or still reading blocks
 * far behind the node), or null once it has caught up (or where `endpoint` is null: no archive).
 * Where a list from it is empty then, the list says what it waits for, never "none".
 */
export function useArchiveCatchingUp(endpoint: string | null): string | null {
  const status = useQuery({
    ...archiveStatusQuery(endpoint ?? ''),
    enabled: endpoint !== null,
    // Asked again every 3 s while it reads: the page says "none" the moment it may.
    refetchInterval: (query) => (query.state.data && catchingUpWords(query.state.data) ? 3000 : false),
  }).data;
  return status ? catchingUpWords(status) : null;
}

function catchingUpWords(status: ArchiveStatus): string | null {
  const { latest_height: latest, node_latest_height: node, phase } = status;
  if (latest === null || phase === 'starting') return 'The archive is starting: it has read nothing of this chain yet';
  if (phase !== 'catching up') return null;
  return `The archive is catching up: it has read to height ${grouped(latest)}${node ? ` of the node’s ${grouped(node)}` : ''}`;
}

/** Said where counts and "none" would be: nothing was read, and why. */
export function UnreadNotice({ reason, what }: { reason: string; what: string }) {
  return (
    <Alert color="orange" variant="light" title={`${what}: not read`} role="status" data-testid="archive-unread">
      <Text fz="sm">
        This chain’s archive holds nothing yet, so it cannot say what there is. The server says:{' '}
        <OnChainText value={reason} max={400} />.
      </Text>
    </Alert>
  );
}

/** "This needs an archive", and what the reader can do instead. */
export function NeedsArchive({ what, instead }: { what: string; instead: ReactNode }) {
  return (
    <Alert color="yellow" variant="light" title={`${what} needs an archive`} role="status" data-testid="needs-archive">
      <Text fz="sm">
        This endpoint is a plain node: it keeps only what x/group still stores, and answers the archive API with “not
        implemented”. {instead}
      </Text>
      <Text fz="sm" mt={4}>
        To see everything, run Polity with its archive (the default; not <code>--archive off</code>) in front of this
        chain, or choose an endpoint that has one.
      </Text>
    </Alert>
  );
}

/** Renders `present` when the archive answers, `absent` when there is none; states in between. */
export function ArchiveGate({
  endpoint,
  present,
  absent,
}: {
  endpoint: string;
  present: () => ReactNode;
  absent: () => ReactNode;
}) {
  const status = useQuery(archiveStatusQuery(endpoint));
  if (status.isPending) return <LoadingBlock label="Asking whether this endpoint has an archive" />;
  if (status.isError) {
    if (isArchiveAbsent(status.error)) return absent();
    return <ErrorState error={status.error} what="Archive" onRetry={() => void status.refetch()} />;
  }
  return present();
}

// Shown only while history is being filled: loaded then, not with every page's first script.
const ArchiveFilling = lazy(() =>
  import('./backfill-progress.tsx').then((module) => ({ default: module.ArchiveFilling })),
);

/** The archive's reach in one line: which heights it covers; while it fills history, how far it got. */
export function ArchiveReach({ endpoint }: { endpoint: string }) {
  const status = useQuery(archiveStatusQuery(endpoint));
  if (!status.data) return null;
  const { earliest_height: from, latest_height: to, phase, backfill, fill, fill_problem: fillProblem } = status.data;
  // One block, however many lines: beside a feed link it takes the row's width, and the bars stack
  // under it. Its basis is a width only in a row: in a column (the inbox's stack) a basis of 24rem
  // would be a 24rem-tall blank, so the basis is 0 and the width comes from min-inline-size.
  return (
    <div style={{ flex: '1 1 0%', minInlineSize: 'min(24rem, 100%)' }}>
      <Text fz="xs" c="dimmed" data-testid="archive-reach">
        From the archive{from && to ? `, heights ${grouped(from)}–${grouped(to)}` : ''} ({phase}).
      </Text>
      {backfill || fill || fillProblem ? (
        <Suspense fallback={null}>
          <ArchiveFilling backfill={backfill} fill={fill} fillProblem={fillProblem} />
        </Suspense>
      ) : null}
    </div>
  );
}
