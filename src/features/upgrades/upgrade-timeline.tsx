import { Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

import type { ArchiveUpgrades } from '../../api/archive-upgrades.ts';
import { useTimeZoneChoice } from '../../hooks/time/use-time-zone.ts';
import { grouped } from '../../lib/format-number.ts';
import { exactUtc, formatInZone } from '../../lib/time-zone.ts';
import { instant } from '../../lib/time.ts';
import { PlanName } from './plans/plan-name.tsx';
import classes from './upgrades.module.css';

type Plan = ArchiveUpgrades['applied'][number];

/** Points on the timeline: the scheduled plan and the latest applied ones. */
const SHOWN_MARKS = 8;

interface Mark {
  plan: Plan;
  applied: boolean;
  height: string;
}

/** Height and, for an applied plan, the chain's time of that block: the axis beside each point. */
function AxisLabel({ mark }: { mark: Mark }) {
  const choice = useTimeZoneChoice();
  const time = mark.plan.applied_time ? instant(mark.plan.applied_time) : null;
  // The page's one time format, its day on the axis's first line and its clock on the second.
  const [day, clock] = time ? formatInZone(time, choice).split(', ') : [];
  return (
    <div className={classes.axis}>
      <Text span fw={600} ff="monospace" fz="sm" display="block">
        {grouped(mark.height)}
      </Text>
      {time ? (
        <time
          dateTime={mark.plan.applied_time ?? undefined}
          title={exactUtc(mark.plan.applied_time ?? '', time)}
          style={{ display: 'block' }}
        >
          {day}
          <br />
          {clock}
        </time>
      ) : (
        <Text span c="dimmed" fz="sm">
          {mark.applied ? 'time not recorded' : 'not reached yet'}
        </Text>
      )}
    </div>
  );
}

/**
 * Applied plans and the scheduled one along a vertical height axis, newest at the top: each
 * point labelled with its plan, what happened, and how many blocks after the one before.
 */
export function UpgradeTimeline({ applied, scheduled }: { applied: Plan[]; scheduled: Plan | null }) {
  const marks: Mark[] = [
    ...applied.map((plan) => ({ plan, applied: true, height: plan.applied_height ?? plan.height })),
    ...(scheduled ? [{ plan: scheduled, applied: false, height: scheduled.height }] : []),
  ];
  const headingId = useId();
  if (marks.length === 0) return null;
  // An overview: a long history stays in the tables below, not in an ever longer line.
  const newestFirst = [...marks].reverse().slice(0, SHOWN_MARKS);
  const left = marks.length - newestFirst.length;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md" id={headingId}>
        Timeline, newest first
      </Title>
      <ol className={classes.timeline} aria-labelledby={headingId} data-testid="upgrade-timeline">
        {newestFirst.map((mark, index) => {
          const before = newestFirst[index + 1];
          const blocksAfter = before ? BigInt(mark.height) - BigInt(before.height) : null;
          return (
            <li key={`${mark.plan.name}-${mark.height}`} className={classes.timelineItem}>
              <AxisLabel mark={mark} />
              <div className={classes.track} aria-hidden="true">
                <span className={classes.point} data-kind={mark.applied ? 'applied' : 'scheduled'} />
              </div>
              <div className={classes.label}>
                <Text span fw={600} fz="sm" display="block">
                  <PlanName name={mark.plan.name} />
                </Text>
                <span>{mark.applied ? 'applied' : 'scheduled, not yet applied'}</span>
                {blocksAfter !== null && before && (
                  <span className={classes.gap} style={{ display: 'block' }}>
                    {grouped(blocksAfter.toString())} blocks after <PlanName name={before.plan.name} />
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {left > 0 && (
        <Text fz="sm" c="dimmed">
          {left} earlier upgrade{left === 1 ? '' : 's'} in the table of applied plans.
        </Text>
      )}
    </Stack>
  );
}
