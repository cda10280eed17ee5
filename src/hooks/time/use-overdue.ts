import { useNow } from './use-now.ts';

/** A poll's own round trip: an answer that takes a moment is not a missed block. */
export const ROUND_TRIP_GRACE_MS = 2000;

/**
 * Whether data polled every `intervalMs` (one block time) is overdue: nothing new for more than
 * two block times plus a round trip (a hung endpoint, a dropped connection). A live view must then
 * stop calling itself live; one slow block must not make it twitch.
 */
export function useOverdue(updatedAt: number, intervalMs: number, polling: boolean): boolean {
  const now = useNow(1000);
  return polling && updatedAt > 0 && now - updatedAt > 2 * intervalMs + ROUND_TRIP_GRACE_MS;
}
