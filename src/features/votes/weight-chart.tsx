import { Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';

import { collectPages } from '../../api/pagination.ts';
import type { VoteOption } from '../../api/schemas.ts';
import { TALLY_ORDER, VOTE_OPTIONS } from '../../domain/vote-options.ts';
import { useTimeZoneChoice } from '../../hooks/time/use-time-zone.ts';
import { type Dec } from '../../lib/decimal.ts';
import { shownDecimal } from '../../lib/format-number.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import { formatUtc } from '../../lib/time.ts';
import { archivedVoteQueries } from './archive-queries.ts';
import classes from './weight-chart.module.css';
import { chartSummary, cumulativeWeights, finalText, stepPath, topOf, type Step } from './weight-steps.ts';

export { cumulativeWeights } from './weight-steps.ts';

// The plot is drawn in a 1000 × 100 box stretched to the figure (lines keep their width); the
// axes' words are HTML around it, so they stay readable at any width.
const [W, H] = [1000, 100];

/** Besides its colour, each option's line has its own dash, for readers who tell colours apart poorly. */
const DASH: Record<VoteOption, string | undefined> = {
  VOTE_OPTION_UNSPECIFIED: undefined,
  VOTE_OPTION_YES: undefined,
  VOTE_OPTION_NO: '6 3',
  VOTE_OPTION_ABSTAIN: '2 3',
  VOTE_OPTION_NO_WITH_VETO: '8 3 2 3',
};

// Gray's filled shade is too faint on a dark page for a line (WCAG 1.4.11 asks 3:1): dimmed text is not.
const stroke = (option: VoteOption) =>
  VOTE_OPTIONS[option].color === 'gray'
    ? 'var(--mantine-color-dimmed)'
    : `var(--mantine-color-${VOTE_OPTIONS[option].color}-filled)`;

const tick = (value: Dec) => shownDecimal(value.toFixed()).text;

/** A moment on the time axis, in the reader's zone like every other time (UTC on hover). */
function TimeLabel({ time }: { time: number }) {
  const choice = useTimeZoneChoice();
  const date = new Date(time);
  const shown = formatInZone(date, choice);
  const at = shown.indexOf(', ');
  return (
    <span title={formatUtc(date)}>
      {shown.slice(0, at)}
      <br />
      {shown.slice(at + 2)}
    </span>
  );
}

function Plot({ steps, label }: { steps: Step[]; label: string }) {
  const [first, last] = [steps[0].time, steps[steps.length - 1].time];
  const top = topOf(steps);
  const scale = {
    x: (time: number) => ((time - first) / Math.max(1, last - first)) * W,
    y: (value: Dec) => H - (Number(value) / Number(top)) * H,
  };
  const ticks = [tick(top), tick(top.div(2)), '0'];
  return (
    <div className={classes.chart}>
      <span className={classes.yTitle} aria-hidden>
        Counted weight
      </span>
      {/* The ticks sit on the grid lines (absolutely placed), so the column takes the widest one's width. */}
      <div
        className={classes.yAxis}
        style={{ width: `${Math.max(...ticks.map((text) => text.length))}ch` }}
        aria-hidden
      >
        {ticks.map((text, index) => (
          <span key={index} style={{ top: `${index * 50}%` }}>
            {text}
          </span>
        ))}
      </div>
      <svg className={classes.plot} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={label}>
        {[0, H / 2, H].map((y) => (
          <line key={y} x1={0} x2={W} y1={y} y2={y} className={classes.grid} vectorEffect="non-scaling-stroke" />
        ))}
        {TALLY_ORDER.map((option) => (
          <path
            key={option}
            d={stepPath(steps, option, scale)}
            fill="none"
            stroke={stroke(option)}
            strokeWidth={2}
            strokeDasharray={DASH[option]}
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      <div className={classes.xAxis} aria-hidden data-testid="chart-time-axis">
        <TimeLabel time={first} />
        <span className={classes.xTitle}>time of each vote</span>
        <TimeLabel time={last} />
      </div>
    </div>
  );
}

/** Counted weight per option as votes came in: a step chart of our own (no chart library). */
export function WeightChart({ endpoint, id }: { endpoint: string; id: string }) {
  const query = useInfiniteQuery(archivedVoteQueries.byProposal(endpoint, id, 'time'));
  const captionId = useId();
  if (!query.data) return null;
  const { rows } = collectPages(query.data.pages, (vote) => vote.voter);
  const steps = cumulativeWeights(rows);
  if (steps.length < 2) return null;
  const partial = query.hasNextPage ? ` (the first ${rows.length.toLocaleString('en')} votes loaded)` : '';
  return (
    <figure className={classes.figure} aria-describedby={captionId}>
      <Plot steps={steps} label={chartSummary(steps) + partial} />
      <ul className={classes.legend} aria-label="Legend">
        {TALLY_ORDER.map((option) => (
          <li key={option}>
            <svg width="28" height="10" aria-hidden>
              <line
                x1="0"
                x2="28"
                y1="5"
                y2="5"
                stroke={stroke(option)}
                strokeWidth={2}
                strokeDasharray={DASH[option]}
              />
            </svg>
            {finalText(steps, option)}
          </li>
        ))}
      </ul>
      <Text component="figcaption" fz="xs" c="dimmed" id={captionId}>
        Weight counted per option as votes came in{partial}: each line steps up at a vote and stays level until the
        next.
      </Text>
    </figure>
  );
}
