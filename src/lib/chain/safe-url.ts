import { hasControls } from '../text/hostile-text.ts';

/** Only these schemes become links; anything else written on chain stays plain text. */
const SAFE = new Set(['https:', 'ipfs:']);

export function safeLink(text: string): string | null {
  const trimmed = text.trim();
  // A text-direction control would make the link's text read differently from where it goes.
  if (trimmed.length > 2048 || /\s/.test(trimmed) || hasControls(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return SAFE.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
