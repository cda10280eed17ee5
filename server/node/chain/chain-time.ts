import type { Millis } from './records.ts';

// Block times on a real chain carry nanoseconds (every timestamp a v0.50 node prints has nine
// fractional digits). The simulated chain keeps milliseconds and derives the six digits below
// them from the millisecond within the second: deterministic, the same for a block time and for
// that time plus whole seconds (a voting period end), and ordered exactly as the milliseconds.

const SUB_MILLISECOND = Array.from({ length: 1000 }, (_, millisecond) => {
  const mixed = Number((BigInt(millisecond + 1) * 2654435761n + 40503n) % 999_999n);
  // Never a trailing zero, so Go's marshaller always prints all nine digits.
  return String(mixed % 10 === 0 ? mixed + 1 : mixed).padStart(6, '0');
});

/** The nanoseconds below the millisecond of a chain time, as six digits. */
export const subMillisecondDigits = (time: Millis) => SUB_MILLISECOND[((time % 1000) + 1000) % 1000];

/** RFC 3339 with nine fractional digits, as a node prints a block time. */
export function chainTimeText(time: Millis): string {
  return new Date(time).toISOString().slice(0, 23) + subMillisecondDigits(time) + 'Z';
}
