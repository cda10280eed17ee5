// Times are shown in the reader's time zone by default, named ("27 Nov 2026, 08:05:26 CET"); a
// reader may choose UTC instead, the chain's own clock. The choice is kept in this browser's
// local storage and shared by every tab.

export type TimeZoneChoice = 'local' | 'utc';

const STORAGE_KEY = 'polity.time-zone.v1';

function storedChoice(): TimeZoneChoice {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'utc' ? 'utc' : 'local';
  } catch {
    return 'local';
  }
}

let memory: TimeZoneChoice | null = null;
const listeners = new Set<() => void>();

export const currentTimeZoneChoice = (): TimeZoneChoice => memory ?? (memory = storedChoice());

export function storeTimeZoneChoice(choice: TimeZoneChoice) {
  try {
    if (choice === 'utc') localStorage.setItem(STORAGE_KEY, 'utc');
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts for this tab only.
  }
  memory = choice;
  for (const listener of listeners) listener();
}

/** Calls `listener` when the choice changes, in this tab or in another. */
export function onTimeZoneChoiceChange(listener: () => void) {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    memory = storedChoice();
    listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** The browser's IANA zone ("Europe/Berlin"); "UTC" where it names none. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * The zone's short name at that instant: "CET", "EST", "UTC", or an offset ("GMT+9") where no
 * abbreviation is in common use. British English names European zones, American English the
 * American ones; whichever gives letters wins.
 */
function zoneName(date: Date, timeZone: string): string {
  const named = (locale: string) =>
    formatFor(locale, timeZone)
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const british = named('en-GB');
  if (!/^(GMT|UTC)[+-]/.test(british)) return british;
  const american = named('en-US');
  return /^[A-Z]{2,5}$/.test(american) ? american : british;
}

/** "27 Nov 2026, 08:05:26 CET": the instant in the chosen zone, the zone named. */
export function formatInZone(date: Date, choice: TimeZoneChoice, timeZone = browserTimeZone()): string {
  const zone = choice === 'utc' ? 'UTC' : timeZone;
  const parts = formatFor('en-GB', zone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}:${part('second')} ${zoneName(date, zone)}`;
}

/** "08:05:26 CET": a moment of today, such as when data was last refreshed. */
export function formatClockInZone(date: Date, choice: TimeZoneChoice, timeZone = browserTimeZone()): string {
  const full = formatInZone(date, choice, timeZone);
  return full.slice(full.indexOf(', ') + 2);
}

/** The short name of the zone times are shown in now ("CET", "UTC"). */
export const shownZoneName = (choice: TimeZoneChoice, timeZone = browserTimeZone()): string =>
  choice === 'utc' ? 'UTC' : zoneName(new Date(), timeZone);

/**
 * The exact instant as the chain wrote it, in UTC and to the nanosecond it carries:
 * "2026-11-27 07:05:26.230694096 UTC".
 */
export function exactUtc(timestamp: string, date: Date): string {
  const fraction = /\.(\d+)(?=Z|[+-]\d\d:\d\d$)/i.exec(timestamp)?.[1];
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const clock = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  // A fraction is the chain's own only when the timestamp was in UTC: other offsets keep milliseconds.
  const exact = fraction && /Z$/i.test(timestamp) ? `.${fraction}` : '';
  return `${day} ${clock}${exact} UTC`;
}
