import { useEffect } from 'react';

import { getCurrentPlan } from '../../api/endpoints.ts';
import { heightReportedAt } from '../../api/latest-height.ts';
import { useBlockPaceReading } from './use-block-pace.ts';

/** How often the header checks that some answer reported the height lately. */
const CHECK_MS = 1000;

/**
 * Keeps the header's height moving with the chain on every page, those that ask the node nothing
 * (following, an inbox read from the archive) included: when no answer has reported a height for
 * one block time, one small read (the current upgrade plan) does. Pages that read the node anyway
 * cost nothing extra.
 */
export function useHeightKeptFresh(endpoint: string): void {
  const { ms: blockMs } = useBlockPaceReading(endpoint);
  useEffect(() => {
    let reading = false;
    const timer = window.setInterval(() => {
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
  }, [endpoint, blockMs]);
}
