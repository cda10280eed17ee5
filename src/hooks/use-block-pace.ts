import { useEffect, useRef, useState } from 'react';

import { useLatestHeight } from './use-latest-height.ts';

const DEFAULT_MS = 5000;

/**
 * Milliseconds per block, estimated from the heights the endpoint's responses carry, so a live
 * view can refresh about once per block. Without height headers (cross-origin nodes) it assumes 5 s.
 */
export function useBlockPace(endpoint: string): number {
  const height = useLatestHeight(endpoint);
  const first = useRef<{ height: bigint; at: number } | null>(null);
  const [pace, setPace] = useState(DEFAULT_MS);
  useEffect(() => {
    if (!height) return;
    const current = BigInt(height);
    const at = Date.now();
    if (!first.current || current < first.current.height) {
      first.current = { height: current, at };
      return;
    }
    const blocks = Number(current - first.current.height);
    if (blocks >= 2) setPace(Math.min(15_000, Math.max(1000, Math.round((at - first.current.at) / blocks))));
  }, [height]);
  return pace;
}
