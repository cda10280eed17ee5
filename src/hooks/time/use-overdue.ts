import { useNow } from './use-now.ts';

/**
 * Whether data polled every `intervalMs` is overdue: nothing new for more than two intervals
 * (a hung endpoint, a dropped connection). A live view must then stop calling itself live.
 */
export function useOverdue(updatedAt: number, intervalMs: number, polling: boolean): boolean {
  const now = useNow(1000);
  return polling && updatedAt > 0 && now - updatedAt > 2 * intervalMs;
}
