// Chain times: parsing, durations and relative times. Pages show times in the reader's chosen zone
// (lib/time-zone.ts); formatUtc writes a time into sentences and exports ("2026-11-22 08:51:20
// UTC"). Nodes send up to nine fractional digits ("2026-11-22T08:51:20.230694096Z").

/** RFC 3339 from the node → the instant; null for the zero time ("0001-01-01T00:00:00Z"). */
export function instant(timestamp: string): Date | null {
  if (timestamp.startsWith('0001-01-01')) return null;
  // Date parses at most milliseconds reliably across browsers: drop the digits beyond them.
  const date = new Date(timestamp.replace(/(\.\d{3})\d+(?=Z|[+-]\d\d:\d\d$)/, '$1'));
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "2026-11-22 08:51:20 UTC". */
export const formatUtc = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
  `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;

/** "08:51:20 UTC": for moments of today, such as when data was last refreshed. */
export const formatUtcClock = (date: Date) =>
  `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;

/** "86400s" → seconds (fractions kept). */
export function durationSeconds(duration: string): number {
  const match = /^(-?\d+(?:\.\d+)?)s$/.exec(duration);
  return match ? Number(match[1]) : NaN;
}

/** Seconds → "3 days 4 hours", "90 seconds", "0 seconds". */
export function humanDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'unknown';
  if (seconds === 0) return '0 seconds';
  const parts: string[] = [];
  let remaining = Math.abs(seconds);
  for (const [unit, size] of [
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ] as const) {
    const count = Math.floor(remaining / size);
    if (count > 0) parts.push(`${count} ${unit}${count === 1 ? '' : 's'}`);
    remaining -= count * size;
  }
  if (remaining > 0 || parts.length === 0)
    parts.push(`${Number(remaining.toFixed(3))} second${remaining === 1 ? '' : 's'}`);
  return parts.slice(0, 2).join(' ');
}

/** "in 3 hours" / "5 minutes ago", relative to now. */
export function relative(date: Date, now = Date.now()): string {
  const diff = (date.getTime() - now) / 1000;
  if (Math.abs(diff) < 1) return 'now';
  const text = humanDuration(Math.round(Math.abs(diff)));
  return diff >= 0 ? `in ${text}` : `${text} ago`;
}

/** How often a relative time needs redrawing to stay right to its shown precision. */
export const relativeTickMs = (date: Date, now = Date.now()) =>
  Math.abs(date.getTime() - now) < 3_600_000 ? 1000 : 60_000;

/** Orders RFC 3339 timestamps by instant (their text does not sort: ".5Z" vs "Z"). */
export const compareTimes = (a: string, b: string): number =>
  (instant(a)?.getTime() ?? 0) - (instant(b)?.getTime() ?? 0);
