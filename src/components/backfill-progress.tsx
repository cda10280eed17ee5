import { Text } from '@mantine/core';

import type { ArchiveStatus } from '../api/archive.ts';
import { grouped } from '../lib/format-number.ts';

type Backfill = NonNullable<ArchiveStatus['backfill']>;

/** A bar for history still being filled: what is shown here may still grow. */
export function BackfillProgress({ backfill }: { backfill: Backfill }) {
  const done = Number(backfill.done_blocks);
  const total = Number(backfill.total_blocks);
  const percent = total > 0 ? Math.min(100, (done / total) * 100) : 0;
  const left =
    backfill.eta_seconds === null
      ? ''
      : `, about ${backfill.eta_seconds < 90 ? `${backfill.eta_seconds} s` : `${Math.round(backfill.eta_seconds / 60)} min`} left`;
  const label = `Filling history: heights ${grouped(backfill.from_height)}–${grouped(backfill.to_height)}, ${grouped(backfill.done_blocks)} of ${grouped(backfill.total_blocks)} blocks${left}`;
  return (
    <div data-testid="backfill-progress">
      <Text fz="xs" c="dimmed">
        {label}. What is shown here may still grow.
      </Text>
      {/* The native bar: Mantine's Progress would cost the first page's script budget for one bar. */}
      <progress value={percent} max={100} aria-label={label} style={{ width: '100%', height: 6, marginTop: 4 }} />
    </div>
  );
}
