import { Text } from '@mantine/core';

import type { ArchiveStatus } from '../../api/archive.ts';
import { grouped } from '../../lib/format-number.ts';

type Progress = NonNullable<ArchiveStatus['backfill']>;

const timeLeft = (seconds: number | null) =>
  seconds === null ? '' : `, about ${seconds < 90 ? `${seconds} s` : `${Math.round(seconds / 60)} min`} left`;

/** A bar for history still being filled: what is shown here may still grow. */
function ProgressBar({ progress, label, testId }: { progress: Progress; label: string; testId: string }) {
  const done = Number(progress.done_blocks);
  const total = Number(progress.total_blocks);
  const percent = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  return (
    <div data-testid={testId}>
      <Text fz="xs" c="dimmed">
        {label}. What is shown here may still grow.
      </Text>
      {/* The native bar: Mantine's Progress would cost the first page's script budget for one bar. */}
      <progress value={percent} max={100} aria-label={label} style={{ width: '100%', height: 6, marginTop: 4 }} />
    </div>
  );
}

const blocks = (progress: Progress) =>
  `${grouped(progress.done_blocks)} of ${grouped(progress.total_blocks)} blocks${timeLeft(progress.eta_seconds)}`;

/**
 * What the archive is still filling: history ahead of it (a backfill), its gaps (rebuilt beside
 * it from the node, then taken in), and why a gap cannot be filled from its node.
 */
export function ArchiveFilling({
  backfill,
  fill,
  fillProblem,
}: {
  backfill: ArchiveStatus['backfill'];
  fill: ArchiveStatus['fill'];
  fillProblem: string | null;
}) {
  return (
    <>
      {backfill ? (
        <ProgressBar
          progress={backfill}
          testId="backfill-progress"
          label={`Filling history: heights ${grouped(backfill.from_height)}–${grouped(backfill.to_height)}, ${blocks(backfill)}`}
        />
      ) : null}
      {fill ? (
        <ProgressBar
          progress={fill}
          testId="gap-fill-progress"
          label={
            fill.phase === 'merging'
              ? `Filling gaps: heights ${grouped(fill.from_height)}–${grouped(fill.to_height)} read again from the node, being taken into the archive`
              : `Filling gaps: reading heights ${grouped(fill.from_height)}–${grouped(fill.to_height)} again from the node beside the archive, ${blocks(fill)}`
          }
        />
      ) : null}
      {fillProblem ? (
        <Text fz="xs" c="dimmed" data-testid="gap-fill-problem">
          Gaps not filled: {fillProblem}.
        </Text>
      ) : null}
    </>
  );
}
