/** Only these schemes become links; anything else written on chain stays plain text. */
const SAFE = new Set(['https:', 'ipfs:']);

export function safeLink(s: string): string | null {
  const t = s.trim();
  if (t.length > 2048 || /\s/.test(t)) return null;
  try {
    const u = new URL(t);
    return SAFE.has(u.protocol) ? u.href : null;
  } catch {
    return null;
  }
}
