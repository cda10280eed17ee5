// The newest block height any response reported, per endpoint. The client writes it; the
// useLatestHeight hook reads it. Only servers that expose the height header feed it (a
// cross-origin node usually does not), so readers must cope with null.

const heights = new Map<string, string>();
const reportedAt = new Map<string, number>();
const listeners = new Set<() => void>();

export function reportHeight(endpoint: string, height: string): void {
  reportedAt.set(endpoint, Date.now());
  const previous = heights.get(endpoint);
  // Responses can arrive out of order; the height never goes back.
  if (previous !== undefined && BigInt(previous) >= BigInt(height)) return;
  heights.set(endpoint, height);
  listeners.forEach((listener) => listener());
}

export function latestHeight(endpoint: string): string | null {
  return heights.get(endpoint) ?? null;
}

/** When a response last reported a height for the endpoint (epoch ms; 0 when none has). */
export function heightReportedAt(endpoint: string): number {
  return reportedAt.get(endpoint) ?? 0;
}

export function subscribeToHeights(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
