import { useNow } from '../../hooks/time/use-now.ts';
import { relative, relativeTickMs } from '../../lib/time.ts';

/**
 * "in 3 minutes" / "5 seconds ago", kept current for as long as it is on screen. `past` replaces
 * `prefix` once the moment has passed ("closes in 5 s" becomes "closed 2 s ago", never "closes 2 s ago"),
 * and `afterPast` follows it then ("; awaiting the chain's tally").
 */
export function RelativeTime({
  date,
  prefix = '',
  past,
  afterPast = '',
}: {
  date: Date;
  prefix?: string;
  past?: string;
  afterPast?: string;
}) {
  const now = useNow(relativeTickMs(date));
  const passed = past !== undefined && date.getTime() <= now;
  return (
    <>
      {passed ? past : prefix}
      {relative(date, now)}
      {passed ? afterPast : ''}
    </>
  );
}

/** Between a proposal's voting end and the block that tallies it: what an open list says. */
export const AWAITING_TALLY = '; awaiting the chain’s tally';
