import { describe, expect, it } from 'vitest';

import { formatUtc, instant, relative } from './time.ts';

describe('chain times', () => {
  it('reads nanosecond timestamps as nodes send them', () => {
    const date = instant('2026-11-22T08:51:20.230694096Z');
    expect(date?.toISOString()).toBe('2026-11-22T08:51:20.230Z');
    expect(instant('2026-11-22T08:51:20Z')?.toISOString()).toBe('2026-11-22T08:51:20.000Z');
    expect(instant('0001-01-01T00:00:00Z')).toBeNull();
  });
  it('writes one format with the zone once', () => {
    expect(formatUtc(instant('2026-11-22T08:51:20.999999999Z')!)).toBe('2026-11-22 08:51:20 UTC');
  });
  it('says how far off a moment is, in both directions', () => {
    const now = Date.parse('2026-11-22T08:00:00Z');
    expect(relative(new Date(now + 90_000), now)).toBe('in 1 minute 30 seconds');
    expect(relative(new Date(now - 2 * 86_400_000), now)).toBe('2 days ago');
    expect(relative(new Date(now), now)).toBe('now');
  });
});
