import type { TallyResult } from '../../api/schemas.ts';
import { TALLY_ORDER, VOTE_OPTIONS } from '../../domain/vote-options.ts';
import { dec, percentOf, type Dec } from '../../lib/decimal.ts';
import { shownDecimal } from '../../lib/format-number.ts';
import classes from './tally-bar.module.css';

/**
 * The tally as one bar of weight shares with the pass line on it. It is a picture (role img)
 * whose name says the same in words; the table beside it is the accessible reading.
 */
export function TallyBar({
  tally,
  base,
  line,
  compact = false,
}: {
  tally: TallyResult;
  base: Dec;
  line: Dec | null;
  /** A thin bar for a list row. */
  compact?: boolean;
}) {
  const share = (value: string | Dec) => (base.isZero() ? 0 : Number(percentOf(value, base, 4)));
  const words = TALLY_ORDER.map((option) => {
    const { label, tallyField } = VOTE_OPTIONS[option];
    return `${label} ${shownDecimal(tally[tallyField]).text}`;
  });
  const linePercent = line === null || base.isZero() ? null : Math.min(100, share(line));
  const name =
    `Tally: ${words.join(', ')}` +
    (linePercent === null ? '' : `; pass line at ${shownDecimal(String(linePercent)).text}% of the total weight`);
  return (
    <div className={compact ? `${classes.barWrap} ${classes.compact}` : classes.barWrap} role="img" aria-label={name}>
      <div className={classes.bar}>
        {TALLY_ORDER.map((option) => {
          const { color, tallyField } = VOTE_OPTIONS[option];
          // Any weight at all is drawn, however thin its share (the section's min-width): a veto
          // of 100 against 123,000,000 yes is still there to see.
          return dec(tally[tallyField]).isZero() ? null : (
            <div
              key={tallyField}
              className={classes.section}
              style={{
                width: `${share(tally[tallyField])}%`,
                ['--section-light' as string]: `var(--mantine-color-${color}-8)`,
                ['--section-dark' as string]: `var(--mantine-color-${color}-5)`,
              }}
            />
          );
        })}
      </div>
      {linePercent !== null && (
        <div
          // Kept inside the bar at 100 %, with its label on the side that has room.
          className={linePercent > 85 ? `${classes.line} ${classes.labelBefore}` : classes.line}
          style={{ left: `min(${linePercent}%, calc(100% - 2px))` }}
          data-testid="threshold-line"
        />
      )}
    </div>
  );
}
