import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import type { BundleReport } from '../../../verify/bundle-verify.ts';
import { TimeText } from '../../components/values/time-text.tsx';
import { compareRoot, readRootMemory, rememberRoot, type RootComparison } from './root-memory.ts';

// Whether the root this bundle was checked from is the one this reader checked before on the same
// chain: the archive gives the root, and only its sameness over time (or a source the reader
// trusts) makes it worth relying on. A first root is remembered (trust on first use); a different
// one never is until the reader says they compared it, so the warning stays on every page until then.

const browserStorage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

const short = (hash: string) => `${hash.slice(0, 12)}…`;
const grouped = (height: string) => BigInt(height).toLocaleString('en-US');

export type SeenRoot =
  RootComparison | { kind: 'damaged'; reason: string } | { kind: 'unavailable' } | { kind: 'compared'; at: string };

function comparisonOf(report: BundleReport): SeenRoot {
  const read = readRootMemory(browserStorage());
  if (read === null || !report.root) return { kind: 'unavailable' };
  if ('damaged' in read) return { kind: 'damaged', reason: read.damaged };
  return compareRoot(read.memory, report.chainId, report.root);
}

/** What this browser knew of the bundle's root before this check, and the reader's "I compared it". */
export function useRootComparison(report: BundleReport): { seen: SeenRoot; compared: () => void } {
  // Read once, before this check is remembered.
  const [seen, setSeen] = useState(() => comparisonOf(report));
  const kind = seen.kind;
  useEffect(() => {
    if (!report.ok || !report.root) return;
    if (kind === 'first' || kind === 'same')
      rememberRoot(browserStorage(), report.chainId, report.root, new Date().toISOString());
  }, [report, kind]);
  const compared = () => {
    if (!report.root) return;
    const now = new Date().toISOString();
    if (rememberRoot(browserStorage(), report.chainId, report.root, now)) setSeen({ kind: 'compared', at: now });
  };
  return { seen, compared };
}

/** The warning the summary box carries while the root differs from the one checked before. */
export function DifferentRootWarning({
  report,
  previous,
  onCompared,
}: {
  report: BundleReport;
  previous: Extract<SeenRoot, { kind: 'different' }>['previous'];
  onCompared: () => void;
}) {
  const root = report.root;
  return (
    <Stack gap={6} mt={6} data-testid="proof-root-warning">
      <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        Not the root you checked before. On <TimeText value={previous.lastChecked} /> this browser checked{' '}
        {report.chainId} from height {grouped(previous.height)}, hash {short(previous.hash)}; this bundle starts from
        {root ? ` height ${grouped(root.height)}, hash ${short(root.hash)}` : ' another root'}. Another archive, or the
        same one changed: compare both with a source you trust (a validator, a block explorer) before you rely on
        anything here.
      </Text>
      <Button size="compact-sm" variant="white" color="red" onClick={onCompared} style={{ alignSelf: 'flex-start' }}>
        I compared it: remember this root
      </Button>
    </Stack>
  );
}

/** The line under the summary for every other case: first root, same root, compared just now, or a damaged memory. */
export function RootComparisonLine({ report, seen }: { report: BundleReport; seen: SeenRoot }) {
  const root = report.root;
  switch (seen.kind) {
    case 'unavailable':
    case 'different':
      return null;
    case 'damaged':
      return (
        <Text fz="sm" c="orange" data-testid="proof-root-memory">
          This browser’s list of the roots it checked cannot be read ({seen.reason}); it is left as it is.
        </Text>
      );
    case 'same':
      return (
        <Text fz="sm" c="teal" data-testid="proof-root-memory">
          Same root as you checked on <TimeText value={seen.since} />.
        </Text>
      );
    case 'compared':
      return (
        <Text fz="sm" c="teal" data-testid="proof-root-memory">
          You compared this root on <TimeText value={seen.at} />: from now on, pages are compared with it.
        </Text>
      );
    case 'first':
      return (
        <Text fz="sm" c="dimmed" data-testid="proof-root-memory" style={{ overflowWrap: 'anywhere' }}>
          The first root this browser has checked for {report.chainId}
          {root ? ` (height ${grouped(root.height)}, hash ${short(root.hash)})` : ''}: it is remembered here, and a
          different one will be pointed out.
        </Text>
      );
  }
}
