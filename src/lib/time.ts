/** RFC 3339 from the node → the instant; null for the zero time ("0001-01-01T00:00:00Z"). */
export function instant(timestamp: string): Date | null {
  if (timestamp.startsWith('0001-01-01')) return null;
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const utc = (date: Date) =>
  date
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z')
    .replace(/Z$/, ' UTC');

export const local = (date: Date) =>
  date.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });

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
  const text = humanDuration(Math.round(Math.abs(diff)));
  return diff >= 0 ? `in ${text}` : `${text} ago`;
}
