import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { ASSUMED_BLOCK_MS, medianBlockMs } from './block-estimate.ts';
import { blockQueries } from './block-times.ts';
import { useLatestHeight } from './use-latest-height.ts';

/**
 * Milliseconds per block from the heights the endpoint's responses carried and when they
 * arrived; null until the page has seen two blocks go by (or when responses carry no height:
 * cross-origin nodes rarely expose the header).
 */
export function useObservedBlockMs(endpoint: string): number | null {
  const height = useLatestHeight(endpoint);
  const first = useRef<{ height: bigint; at: number } | null>(null);
  const [observed, setObserved] = useState<number | null>(null);
  useEffect(() => {
    if (!height) return;
    const current = BigInt(height);
    const at = Date.now();
    if (!first.current || current < first.current.height) {
      first.current = { height: current, at };
      return;
    }
    const blocks = Number(current - first.current.height);
    if (blocks >= 2) setObserved((at - first.current.at) / blocks);
  }, [height]);
  return observed;
}

/**
 * Milliseconds per block, so a live view can refresh about once per block (kept between 1 s and
 * 15 s: it paces requests), and whether that is measured. Measured block times seed it when a
 * page (the upgrades page) has read them; it never asks for them itself, as it runs on many
 * pages. Then the pace of the heights seen, else 5 s, assumed.
 */
export function useBlockPaceReading(endpoint: string): { ms: number; measured: boolean } {
  const measured = useQuery({ ...blockQueries.recentTimes(endpoint), enabled: false }).data;
  const median = measured ? medianBlockMs(measured.stamps) : null;
  const observed = useObservedBlockMs(endpoint);
  const pace = median?.msPerBlock ?? observed ?? null;
  return { ms: Math.min(15_000, Math.max(1000, Math.round(pace ?? ASSUMED_BLOCK_MS))), measured: pace !== null };
}

/** Milliseconds per block, measured or assumed (see useBlockPaceReading). */
export const useBlockPace = (endpoint: string): number => useBlockPaceReading(endpoint).ms;
