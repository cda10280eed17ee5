import { useCallback, useSyncExternalStore } from 'react';

import { latestHeight, subscribeToHeights } from '../../api/latest-height.ts';

/** The newest block height the endpoint has reported, or null when it sends no height header. */
export function useLatestHeight(endpoint: string): string | null {
  const read = useCallback(() => latestHeight(endpoint), [endpoint]);
  return useSyncExternalStore(subscribeToHeights, read);
}
