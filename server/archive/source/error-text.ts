// fetch names only "fetch failed"; what failed (a refused connection, a bad port, a TLS error)
// is in its cause. The archive's status shows the whole chain so an operator can act on it.

/** An error's message followed by those of its causes: `fetch failed: connect ECONNREFUSED …`. */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (message !== '' && !parts.includes(message)) parts.push(message);
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ') || 'unknown error';
}
