import { useCallback, useEffect, useSyncExternalStore } from 'react';

import { getCurrentPlan } from '../../api/endpoints.ts';
import { heightReportedAt, latestHeight, subscribeToHeights } from '../../api/latest-height.ts';

/** How often the header checks that some answer reported the height lately. */
const CHECK_MS = 3_000;
/** A height older than this is refreshed by a read of its own. */
const QUIET_MS = 15_000;

/** The newest block height the endpoint has reported, or null when it sends no height header. */
export function useLatestHeight(endpoint: string): string | null {
  const read = useCallback(() => latestHeight(endpoint), [endpoint]);
  return useSyncExternalStore(subscribeToHeights, read);
}

/**
 * Keeps the header's height current on pages that ask the node nothing (following, an inbox
 * read from the archive): when no answer has reported a height for a while, one small read (the
 * current upgrade plan) does. Pages that read the node anyway cost nothing extra.
 */
export function useHeightKeptFresh(endpoint: string): void {
  useEffect(() => {
    let reading = false;
    const timer = window.setInterval(() => {
      if (reading || document.hidden || Date.now() - heightReportedAt(endpoint) < QUIET_MS) return;
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
