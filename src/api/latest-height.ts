// The newest block height any response reported, per endpoint. The client writes it; the
// useLatestHeight hook reads it. Only servers that expose the height header feed it (a
// cross-origin node usually does not), so readers must cope with null.

const heights = new Map<string, string>();
const listeners = new Set<() => void>();

export function reportHeight(endpoint: string, height: string): void {
  const previous = heights.get(endpoint);
  // Responses can arrive out of order; the height never goes back.
  if (previous !== undefined && BigInt(previous) >= BigInt(height)) return;
  heights.set(endpoint, height);
  listeners.forEach((listener) => listener());
}

export function latestHeight(endpoint: string): string | null {
  return heights.get(endpoint) ?? null;
}

export function subscribeToHeights(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
