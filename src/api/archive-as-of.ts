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
