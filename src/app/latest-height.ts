import { useSyncExternalStore } from 'react';

import { onHeight } from '../api/client.ts';

// The newest block height seen in any response, per endpoint (only when the server exposes the
// header: cross-origin nodes usually do not).
const heights = new Map<string, string>();
const listeners = new Set<() => void>();
onHeight((endpoint, height) => {
  const prev = heights.get(endpoint);
  if (prev !== undefined && BigInt(prev) >= BigInt(height)) return;
  heights.set(endpoint, height);
  listeners.forEach((l) => l());
});

export function useLatestHeight(endpoint: string): string | null {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => heights.get(endpoint) ?? null,
  );
}
