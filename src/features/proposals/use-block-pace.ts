import { useEffect, useRef, useState } from 'react';

const DEFAULT_MS = 5000;

/**
 * Estimates milliseconds per block from the heights responses carry, so a live view can refresh
 * about once per block. Without height headers (cross-origin nodes) it assumes 5 s.
 */
export function useBlockPace(height: string | null | undefined): number {
  const first = useRef<{ h: bigint; t: number } | null>(null);
  const [pace, setPace] = useState(DEFAULT_MS);
  useEffect(() => {
    if (!height) return;
    const h = BigInt(height);
    const t = Date.now();
    if (!first.current || h < first.current.h) {
      first.current = { h, t };
      return;
    }
    const blocks = Number(h - first.current.h);
    if (blocks >= 2) setPace(Math.min(15_000, Math.max(1000, Math.round((t - first.current.t) / blocks))));
  }, [height]);
  return pace;
}
