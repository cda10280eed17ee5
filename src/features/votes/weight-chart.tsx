import { Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';

import type { ArchivedVote } from '../../api/archive.ts';
import { collectPages } from '../../api/pagination.ts';
import type { VoteOption } from '../../api/schemas.ts';
import { TALLY_ORDER, VOTE_OPTIONS } from '../../domain/vote-options.ts';
import { dec, type Dec } from '../../lib/decimal.ts';
import { shownDecimal } from '../../lib/format-number.ts';
import { archivedVoteQueries } from './archive-queries.ts';

interface Step {
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

const [W, H, PAD] = [100, 40, 2];

/** A small line chart of our own (no chart library): weight per option as votes came in. */
export function WeightChart({ endpoint, id }: { endpoint: string; id: string }) {
  const query = useInfiniteQuery(archivedVoteQueries.byProposal(endpoint, id, 'time'));
  if (!query.data) return null;
  const { rows } = collectPages(query.data.pages, (vote) => vote.voter);
  const steps = cumulativeWeights(rows);
  if (steps.length < 2) return null;
  const [first, last] = [steps[0].time, steps[steps.length - 1].time];
  const top = Math.max(...TALLY_ORDER.map((option) => Number(steps[steps.length - 1].totals.get(option) ?? 0)), 1e-18);
  const x = (time: number) => PAD + ((time - first) / Math.max(1, last - first)) * (W - 2 * PAD);
  const y = (value: Dec) => H - PAD - (Number(value) / top) * (H - 2 * PAD);
  const finals = TALLY_ORDER.map(
    (option) =>
      `${VOTE_OPTIONS[option].label} ${shownDecimal(steps[steps.length - 1].totals.get(option)!.toFixed()).text}`,
  );
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        height="160"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Cumulative counted weight per option over ${steps.length} votes; at the end: ${finals.join(', ')}`}
      >
        {TALLY_ORDER.map((option) => (
          <polyline
            key={option}
            fill="none"
            stroke={`var(--mantine-color-${VOTE_OPTIONS[option].color}-filled)`}
            strokeWidth="0.6"
            vectorEffect="non-scaling-stroke"
            points={steps.map((step) => `${x(step.time)},${y(step.totals.get(option) ?? dec(0))}`).join(' ')}
          />
        ))}
      </svg>
      <Text component="figcaption" fz="xs" c="dimmed">
        Weight counted per option as votes came in{query.hasNextPage ? ` (first ${rows.length} votes)` : ''}:{' '}
        {finals.join(' · ')}.
      </Text>
    </figure>
  );
}
