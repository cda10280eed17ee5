import type { ArchivedVote } from '../../api/archive-records.ts';
import type { VoteOption } from '../../api/schemas.ts';
import { TALLY_ORDER, VOTE_OPTIONS } from '../../domain/vote-options.ts';
import { dec, type Dec } from '../../lib/decimal.ts';
import { shownDecimal } from '../../lib/format-number.ts';
import { formatUtc } from '../../lib/time.ts';

// The weight chart's numbers: counted weight per option after each vote, as steps (a total
// holds until the next vote, then jumps), and the same in words for readers who cannot see it.

export interface Step {
  time: number;
  totals: Map<VoteOption, Dec>;
}

/** Cumulative counted weight per option after each vote, in the order votes were cast (exact sums). */
export function cumulativeWeights(votes: ArchivedVote[]): Step[] {
  const running = new Map<VoteOption, Dec>(TALLY_ORDER.map((option) => [option, dec(0)]));
  const steps: Step[] = [];
  for (const vote of votes) {
    const time = Date.parse(vote.submit_time ?? '');
    if (vote.weight === null || Number.isNaN(time) || !running.has(vote.option)) continue;
    running.set(vote.option, (running.get(vote.option) ?? dec(0)).plus(vote.weight));
    steps.push({ time, totals: new Map(running) });
  }
  return steps;
}

export interface Scale {
  x: (time: number) => number;
  y: (value: Dec) => number;
}

/**
 * A step line: level from one vote to the next, straight up at a vote (never a slope, which would
 * say the weight grew between votes). Starts at zero at the first vote.
 */
export function stepPath(steps: readonly Step[], option: VoteOption, scale: Scale): string {
  if (steps.length === 0) return '';
  const parts = [`M${round(scale.x(steps[0].time))},${round(scale.y(dec(0)))}`];
  for (const step of steps) {
    parts.push(`H${round(scale.x(step.time))}`, `V${round(scale.y(step.totals.get(option) ?? dec(0)))}`);
  }
  return parts.join(' ');
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The largest final total (at least a tiny positive number, so a chart of zeros has a scale). */
export function topOf(steps: readonly Step[]): Dec {
  const last = steps.at(-1);
  const top = TALLY_ORDER.reduce((most, option) => {
    const value = last?.totals.get(option) ?? dec(0);
    return value.gt(most) ? value : most;
  }, dec(0));
  return top.isZero() ? dec('1e-18') : top;
}

/** "Yes 1,204.5": an option's final total as the page shows decimals. */
export const finalText = (steps: readonly Step[], option: VoteOption) =>
  `${VOTE_OPTIONS[option].label} ${shownDecimal((steps.at(-1)?.totals.get(option) ?? dec(0)).toFixed()).text}`;

/** What the chart shows, in one sentence: its axes, its span and where each line ends. */
export function chartSummary(steps: readonly Step[]): string {
  if (steps.length === 0) return 'No counted vote to chart.';
  const [first, last] = [new Date(steps[0].time), new Date(steps[steps.length - 1].time)];
  return (
    `Step chart of the counted weight per option (vertical axis, 0 to ${shownDecimal(topOf(steps).toFixed()).text}) ` +
    `against the time of each vote (horizontal axis, ${formatUtc(first)} to ${formatUtc(last)}), ` +
    `over ${steps.length.toLocaleString('en')} counted votes; at the end: ${TALLY_ORDER.map((option) => finalText(steps, option)).join(', ')}.`
  );
}
