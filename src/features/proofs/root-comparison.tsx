import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';

import type { BundleReport } from '../../../verify/bundle-verify.ts';
import { TimeText } from '../../components/values/time-text.tsx';
import { compareRoot, readRootMemory, rememberRoot, type RootComparison } from './root-memory.ts';

// Whether the root this bundle was checked from is the one this reader checked before on the same
// chain: the archive gives the root, and only its sameness over time (or a source the reader
// trusts) makes it worth relying on.

const browserStorage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

const short = (hash: string) => `${hash.slice(0, 12)}…`;
const grouped = (height: string) => BigInt(height).toLocaleString('en-US');

type Seen = RootComparison | { kind: 'damaged'; reason: string } | { kind: 'unavailable' };

function comparisonOf(report: BundleReport): Seen {
  const read = readRootMemory(browserStorage());
  if (read === null || !report.root) return { kind: 'unavailable' };
  if ('damaged' in read) return { kind: 'damaged', reason: read.damaged };
  return compareRoot(read.memory, report.chainId, report.root);
}

export function RootComparisonLine({ report }: { report: BundleReport }) {
  // What this browser knew before this check: read once, before the check is remembered.
  const [seen] = useState(() => comparisonOf(report));
  useEffect(() => {
    if (report.ok && report.root) rememberRoot(browserStorage(), report.chainId, report.root, new Date().toISOString());
  }, [report]);
  if (seen.kind === 'unavailable') return null;
  const root = report.root;
  if (seen.kind === 'damaged')
    return (
      <Text fz="sm" c="orange" data-testid="proof-root-memory">
        This browser’s list of the roots it checked cannot be read ({seen.reason}); it is left as it is.
      </Text>
    );
  if (seen.kind === 'same')
    return (
      <Text fz="sm" c="teal" data-testid="proof-root-memory">
        Same root as you checked on <TimeText value={seen.since} />.
      </Text>
    );
  if (seen.kind === 'different')
    return (
      <Text fz="sm" c="red" fw={500} data-testid="proof-root-memory" style={{ overflowWrap: 'anywhere' }}>
        A different root than the one you checked on <TimeText value={seen.previous.lastChecked} /> (height{' '}
        {grouped(seen.previous.height)}, hash {short(seen.previous.hash)}): compare before you rely on it.
      </Text>
    );
  return (
    <Text fz="sm" c="dimmed" data-testid="proof-root-memory" style={{ overflowWrap: 'anywhere' }}>
      The first root this browser has checked for {report.chainId}
      {root ? ` (height ${grouped(root.height)}, hash ${short(root.hash)})` : ''}: it is remembered here, and a
      different one will be pointed out.
    </Text>
  );
}
