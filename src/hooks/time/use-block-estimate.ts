import { useQuery } from '@tanstack/react-query';

import { chooseBlockEstimate, medianBlockMs, type BlockEstimate } from './block-estimate.ts';
import { blockQueries, type ChainHead } from './block-times.ts';
import { useObservedBlockMs } from './use-block-pace.ts';

/**
 * How long a block takes on this endpoint's chain, and how that was found: the median of the
 * last blocks' header times where the node serves them, else weaker hints. Null while the block
 * times are first being read, so nothing shows a guess that is about to be replaced.
 */
export function useBlockEstimate(endpoint: string, enabled = true): BlockEstimate | null {
  const recent = useQuery({ ...blockQueries.recentTimes(endpoint), enabled });
  const median = recent.data ? medianBlockMs(recent.data.stamps) : null;
  const observedMs = useObservedBlockMs(endpoint);
  // The archive's rate is asked for only when block times cannot be read.
  const needsHints = enabled && !recent.isPending && median === null;
  const archiveRate = useQuery({ ...blockQueries.archiveRate(endpoint), enabled: needsHints });
  if (!enabled || recent.isPending || (needsHints && archiveRate.isPending && observedMs === null)) return null;
  // A node that answered with block times but too few of them is young, not without them.
  const tooFewBlocks = recent.data != null && median === null;
  return chooseBlockEstimate({ median, observedMs, archiveBlocksPerSecond: archiveRate.data ?? null, tooFewBlocks });
}

/** Polls never faster than once a second, nor slower than twice a minute, whatever the chain's pace. */
const pollEvery = (msPerBlock: number) => Math.min(30_000, Math.max(1000, Math.round(msPerBlock)));

/**
 * The chain's newest block, asked for about once per block while the tab is visible (polling
 * stops in a hidden tab; a tab shown again asks at once). Null until something tells the height.
 */
export function useChainHead(endpoint: string, msPerBlock: number, enabled = true): ChainHead | null {
  return useQuery({ ...blockQueries.head(endpoint, pollEvery(msPerBlock)), enabled }).data ?? null;
}
