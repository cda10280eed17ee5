import { SimpleGrid, Text } from '@mantine/core';

import { Field } from '../../components/field.tsx';
import { useNow } from '../../hooks/use-now.ts';
import { grouped } from '../../lib/format-number.ts';
import { formatUtc, humanDuration } from '../../lib/time.ts';

/** A scheduled plan: blocks to go, and when that is at the measured (or estimated) block time. */
export function PlanCountdown({
  name,
  height,
  latest,
  msPerBlock,
  measured,
  nodeOnly = false,
}: {
  name: string;
  height: string;
  latest: string | null;
  msPerBlock: number;
  measured: boolean;
  /** Estimated from the pace of the node's answers, not measured from block times. */
  nodeOnly?: boolean;
}) {
  const now = useNow(1000);
  const left = latest === null ? null : BigInt(height) - BigInt(latest);
  const seconds = left === null || left <= 0n ? null : (Number(left) * msPerBlock) / 1000;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="plan-countdown">
      <Field label="Plan">
        <Text ff="monospace">{name}</Text>
      </Field>
      <Field label="At height">
        <Text ff="monospace">{grouped(height)}</Text>
      </Field>
      <Field label="Countdown">
        <Text role="timer" aria-live="off">
          {left === null
            ? 'latest height unknown'
            : left <= 0n
              ? 'height reached; waiting to be applied'
              : `${grouped(left.toString())} blocks`}
        </Text>
        {seconds !== null && (
          <Text fz="xs" c="dimmed">
            ETA {formatUtc(new Date(now + seconds * 1000))} (in about {humanDuration(Math.round(seconds))}, at{' '}
            {(msPerBlock / 1000).toFixed(2)} s per block,{' '}
            {measured ? 'measured from block times' : nodeOnly ? 'estimated from the node’s answers' : 'estimated'})
          </Text>
        )}
      </Field>
    </SimpleGrid>
  );
}
