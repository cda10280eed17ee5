/** RFC 3339 from the node → the instant; null for the zero time ("0001-01-01T00:00:00Z"). */
export function instant(ts: string): Date | null {
  if (ts.startsWith('0001-01-01')) return null;
  const d = new Date(ts);
  return Number.isNaN(d.getTime()) ? null : d;
}

export const utc = (d: Date) =>
  d
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, 'Z')
    .replace(/Z$/, ' UTC');

export const local = (d: Date) =>
  d.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });

/** "86400s" → seconds (fractions kept). */
export function durationSeconds(d: string): number {
  const m = /^(-?\d+(?:\.\d+)?)s$/.exec(d);
  return m ? Number(m[1]) : NaN;
}

/** Seconds → "3 days 4 hours", "90 seconds", "0 seconds". */
export function humanDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'unknown';
  if (seconds === 0) return '0 seconds';
  const parts: string[] = [];
  let s = Math.abs(seconds);
  for (const [unit, size] of [
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
  ] as const) {
    const n = Math.floor(s / size);
    if (n > 0) parts.push(`${n} ${unit}${n === 1 ? '' : 's'}`);
    s -= n * size;
  }
  if (s > 0 || parts.length === 0) parts.push(`${Number(s.toFixed(3))} second${s === 1 ? '' : 's'}`);
  return parts.slice(0, 2).join(' ');
}

/** "in 3 hours" / "5 minutes ago", relative to now. */
export function relative(d: Date, now = Date.now()): string {
  const diff = (d.getTime() - now) / 1000;
  const text = humanDuration(Math.round(Math.abs(diff)));
  return diff >= 0 ? `in ${text}` : `${text} ago`;
}
