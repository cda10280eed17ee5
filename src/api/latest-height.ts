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

// Monotonic reads of an archive served from replicas: every archive answer says the height it is
// as of (X-Polity-As-Of); this tab remembers the highest per endpoint and asks for at least it
// (X-Polity-At-Least), so a later answer never shows an older state than one already shown.
// Sent only to this page's own origin: a custom header would make a cross-origin request ask a
// preflight first, which a node's API does not answer.

const highest = new Map<string, bigint>();

const ARCHIVE_PATH = /^\/polity\/archive\/v1\//;
const sameOrigin = (endpoint: string) => endpoint === '' || endpoint.startsWith('/');

export function archiveReadHeaders(endpoint: string, path: string): Record<string, string> {
  const seen = highest.get(endpoint);
  if (seen === undefined || !ARCHIVE_PATH.test(path) || !sameOrigin(endpoint)) return {};
  return { 'x-polity-at-least': seen.toString() };
}

export function noteArchiveAsOf(endpoint: string, asOf: string | null): void {
  if (asOf === null || !/^\d{1,20}$/.test(asOf)) return;
  const height = BigInt(asOf);
  if (height > (highest.get(endpoint) ?? -1n)) highest.set(endpoint, height);
}
