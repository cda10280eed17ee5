import { useNow } from '../../hooks/time/use-now.ts';
import { relative, relativeTickMs } from '../../lib/time.ts';

/**
 * "in 3 minutes" / "5 seconds ago", kept current for as long as it is on screen. `past` replaces
 * `prefix` once the moment has passed ("closes in 5 s" becomes "closed 2 s ago", never "closes 2 s ago").
 */
export function RelativeTime({ date, prefix = '', past }: { date: Date; prefix?: string; past?: string }) {
  const now = useNow(relativeTickMs(date));
  return (
    <>
      {past !== undefined && date.getTime() <= now ? past : prefix}
      {relative(date, now)}
    </>
  );
}
