import { useState, type ReactNode } from 'react';

import { shownDecimal } from '../../lib/format-number.ts';
import classes from './decimal-text.module.css';

/** "123,456,789" with a break opportunity after each comma: a narrow cell wraps between groups. */
const breakable = (text: string): ReactNode =>
  text.split(',').flatMap((group, index) => (index ? [',', <wbr key={index} />, group] : [group]));

/**
 * A decimal from the chain in its readable form (lib/format-number's one rule). When that form is
 * rounded, the exact value is one press away: the number is a button that switches between the
 * two, for mouse, touch and keyboard alike, and its title shows the exact value on hover. Inside
 * list rows (one tab stop per row) `interactive={false}` keeps only the title; the list offers a
 * switch to exact values instead.
 */
export function DecimalText({
  value,
  exact = false,
  interactive = true,
  suffix = '',
  testId,
}: {
  value: string;
  /** Show every digit. */
  exact?: boolean;
  interactive?: boolean;
  suffix?: string;
  testId?: string;
}) {
  const shown = shownDecimal(value);
  const [expanded, setExpanded] = useState(false);
  const text = (exact || expanded ? shown.exact : shown.text) + suffix;
  if (!shown.approximate || exact)
    return (
      <span className={classes.number} data-testid={testId}>
        {breakable(text)}
      </span>
    );
  if (!interactive)
    return (
      <span className={classes.number} title={`Exactly ${shown.exact}${suffix}`} data-testid={testId}>
        {breakable(text)}
      </span>
    );
  return (
    <button
      type="button"
      className={classes.toggle}
      title={expanded ? 'Show rounded' : `Exactly ${shown.exact}${suffix}`}
      aria-pressed={expanded}
      onClick={() => setExpanded((previous) => !previous)}
      data-testid={testId}
    >
      {breakable(text)}
    </button>
  );
}
