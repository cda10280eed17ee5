import { useEffect } from 'react';

import { getCurrentPlan } from '../../api/endpoints.ts';
import { heightReportedAt, latestHeight } from '../../api/latest-height.ts';

/** How often the header checks that some answer reported the height lately. */
const CHECK_MS = 1000;
/** A block time assumed until two heights were seen, and the bounds of one measured. */
const ASSUMED_BLOCK_MS = 3000;
const FASTEST_MS = 1000;
const SLOWEST_MS = 15_000;

/**
 * Keeps the header's height moving with the chain on every page, those that ask the node nothing
 * (following, an inbox read from the archive) included: when no answer has reported a height for
 * one block time, one small read (the current upgrade plan) does. The block time is what the
 * heights themselves show as they change (the block-times queries stay off the first page). Pages
 * that read the node anyway cost nothing extra.
 */
export function useHeightKeptFresh(endpoint: string): void {
  useEffect(() => {
    let reading = false;
    let seen = latestHeight(endpoint);
    let seenAt = Date.now();
    let blockMs = ASSUMED_BLOCK_MS;
    const timer = window.setInterval(() => {
      const height = latestHeight(endpoint);
      if (height !== seen) {
        const blocks = height !== null && seen !== null ? Number(BigInt(height) - BigInt(seen)) : 0;
        if (blocks > 0) blockMs = Math.min(SLOWEST_MS, Math.max(FASTEST_MS, (Date.now() - seenAt) / blocks));
        seen = height;
        seenAt = Date.now();
      }
      if (reading || document.hidden || Date.now() - heightReportedAt(endpoint) < blockMs) return;
      reading = true;
      // A failure is shown by the pages that need the node; the header simply keeps its last height.
      getCurrentPlan(endpoint)
        .catch(() => undefined)
        .finally(() => {
          reading = false;
        });
    }, CHECK_MS);
    return () => window.clearInterval(timer);
  }, [endpoint]);
}
