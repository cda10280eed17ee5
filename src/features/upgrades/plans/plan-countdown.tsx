import { SimpleGrid, Stack, Text } from '@mantine/core';

import { Field } from '../../../components/page/field.tsx';
import { TimeText } from '../../../components/values/time-text.tsx';
import { describeBlockEstimate, type BlockEstimate } from '../../../hooks/time/block-estimate.ts';
import type { ChainHead } from '../../../hooks/time/block-times.ts';
import { useNow } from '../../../hooks/time/use-now.ts';
import { useTimeZoneChoice } from '../../../hooks/time/use-time-zone.ts';
import { grouped } from '../../../lib/format-number.ts';
import { exactUtc, formatClockInZone } from '../../../lib/time-zone.ts';
import { humanDuration, instant } from '../../../lib/time.ts';
import { isoDuration, readCountdown } from './countdown.ts';
import { PlanName } from './plan-name.tsx';

const blocksText = (blocks: bigint) => `${grouped(blocks.toString())} block${blocks === 1n ? '' : 's'}`;

/** The head the count is taken from: "latest block 519,062 at 12:46:43 CET". */
function HeadNote({ head }: { head: ChainHead }) {
  const choice = useTimeZoneChoice();
  const time = head.time ? instant(head.time) : null;
  return (
    <>
      latest block {grouped(head.height)}
      {time && (
        <>
          {' '}
          at{' '}
          <time dateTime={head.time ?? undefined} title={exactUtc(head.time ?? '', time)}>
            {formatClockInZone(time, choice)}
          </time>
        </>
      )}
    </>
  );
}

/**
 * A scheduled plan: blocks to go (following the chain's head, polled about once a block) and the
 * time left (ticking every second between polls), with how the pace was estimated.
 */
export function PlanCountdown({
  name,
  height,
  head,
  estimate,
}: {
  name: string;
  height: string;
  head: ChainHead | null;
  /** Null while block times are being read. */
  estimate: BlockEstimate | null;
}) {
  const now = useNow(1000);
  const reading = readCountdown(height, head, estimate?.msPerBlock ?? 0, now);
  return (
    <Stack gap="sm" data-testid="plan-countdown">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
        <Field label="Plan">
          <PlanName name={name} />
        </Field>
        <Field label="Upgrade height">
          <Text ff="monospace">{grouped(height)}</Text>
        </Field>
        <Field label="Blocks left">
          <Text role="timer" aria-live="off" data-testid="blocks-left">
            {reading.state === 'unknown'
              ? 'latest height unknown'
              : reading.state === 'reached'
                ? 'height reached'
                : blocksText(reading.blocksLeft)}
          </Text>
        </Field>
        <Field label="Time left">
          <Text role="timer" aria-live="off" data-testid="time-left">
            {reading.state === 'reached' ? (
              'waiting to be applied'
            ) : reading.state === 'unknown' || !estimate ? (
              '…'
            ) : reading.msLeft === 0 ? (
              'due any moment'
            ) : (
              <time dateTime={isoDuration(reading.msLeft)}>
                about {humanDuration(Math.ceil(reading.msLeft / 1000))}
              </time>
            )}
          </Text>
        </Field>
      </SimpleGrid>
      <Text fz="sm" c="dimmed" data-testid="plan-eta">
        {reading.state === 'ahead' && estimate ? (
          <>
            {/* The time left is beside it, above: the ETA itself needs no relative time. */}
            ETA <TimeText value={reading.eta.toISOString()} /> · at {describeBlockEstimate(estimate)}
          </>
        ) : estimate ? (
          <>Pace: {describeBlockEstimate(estimate)}</>
        ) : (
          'ETA: reading recent block times…'
        )}
        {head && (
          <>
            {' · '}
            <HeadNote head={head} />
          </>
        )}
      </Text>
    </Stack>
  );
}
