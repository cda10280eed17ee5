import { useNow } from '../hooks/use-now.ts';
import { relative, relativeTickMs } from '../lib/time.ts';

/** "in 3 minutes" / "5 seconds ago", kept current for as long as it is on screen. */
export function RelativeTime({ date, prefix = '' }: { date: Date; prefix?: string }) {
  const now = useNow(relativeTickMs(date));
  return (
    <>
      {prefix}
      {relative(date, now)}
    </>
  );
}
