import { grouped, plain } from '../../lib/format-number.ts';
import { shareText } from '../../lib/share-text.ts';
import classes from './decimal-text.module.css';

/**
 * `part` of `whole` as a share ("≈ 33.33%", "< 0.01%"), with both exact weights on hover. A
 * dash when `whole` is zero or unknown.
 */
export function ShareOf({ part, whole, testId }: { part: string; whole: string | undefined; testId?: string }) {
  const text = whole === undefined ? null : shareText(part, whole);
  if (text === null || whole === undefined) return <>—</>;
  return (
    <span className={classes.share} title={`${grouped(plain(part))} of ${grouped(plain(whole))}`} data-testid={testId}>
      {text}
    </span>
  );
}
