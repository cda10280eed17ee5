import { afterEach, describe, expect, it } from 'vitest';

import { currentTimeZoneChoice, exactUtc, formatClockInZone, formatInZone, storeTimeZoneChoice } from './time-zone.ts';

const AT = new Date('2026-11-27T07:05:26.230Z');

afterEach(() => storeTimeZoneChoice('local'));

describe('times in the reader’s zone', () => {
  it('names the zone: its abbreviation where one is in use, else its offset', () => {
    expect(formatInZone(AT, 'local', 'Europe/Berlin')).toBe('27 Nov 2026, 08:05:26 CET');
    expect(formatInZone(AT, 'local', 'America/New_York')).toBe('27 Nov 2026, 02:05:26 EST');
    expect(formatInZone(AT, 'local', 'Asia/Tokyo')).toBe('27 Nov 2026, 16:05:26 GMT+9');
    expect(formatInZone(new Date('2026-07-01T12:00:00Z'), 'local', 'Europe/Berlin')).toBe('1 Jul 2026, 14:00:00 CEST');
    expect(formatClockInZone(AT, 'local', 'Europe/Berlin')).toBe('08:05:26 CET');
  });

  it('shows UTC when the reader chose it, whatever their zone', () => {
    expect(formatInZone(AT, 'utc', 'Asia/Tokyo')).toBe('27 Nov 2026, 07:05:26 UTC');
  });

  it('gives the exact instant in UTC, to the nanosecond the chain wrote', () => {
    expect(exactUtc('2026-11-27T07:05:26.230694096Z', AT)).toBe('2026-11-27 07:05:26.230694096 UTC');
    expect(exactUtc('2026-11-27T07:05:26Z', new Date('2026-11-27T07:05:26Z'))).toBe('2026-11-27 07:05:26 UTC');
  });

  it('keeps the choice in local storage', () => {
    expect(currentTimeZoneChoice()).toBe('local');
    storeTimeZoneChoice('utc');
    expect(localStorage.getItem('polity.time-zone.v1')).toBe('utc');
    storeTimeZoneChoice('local');
    expect(localStorage.getItem('polity.time-zone.v1')).toBeNull();
  });
});
