import { Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { Fragment, useState } from 'react';

import { useTimeZoneChoice } from '../hooks/use-time-zone.ts';
import {
  browserTimeZone,
  exactUtc,
  formatInZone,
  shownZoneName,
  storeTimeZoneChoice,
  type TimeZoneChoice,
} from '../lib/time-zone.ts';
import { instant } from '../lib/time.ts';
import { RelativeTime } from './relative-time.tsx';
import classes from './time-text.module.css';

/** "27 Nov 2026," and "08:05:26 CET" each kept whole: a narrow cell breaks between the day and the time. */
function Breakable({ text }: { text: string }) {
  return text.split(/(?<=,) /).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && ' '}
      <span className={classes.part}>{part}</span>
    </Fragment>
  ));
}

/** The same instant in the reader's zone and in UTC, and the switch between the two. */
function TimeDetails({ value, date, choice }: { value: string; date: Date; choice: TimeZoneChoice }) {
  const zone = browserTimeZone();
  const other: TimeZoneChoice = choice === 'utc' ? 'local' : 'utc';
  return (
    <Stack gap={4}>
      <Text fz="sm">
        <Text span fw={600}>
          UTC:
        </Text>{' '}
        {exactUtc(value, date)}
      </Text>
      {zone !== 'UTC' && (
        <Text fz="sm">
          <Text span fw={600}>
            Your zone ({zone}):
          </Text>{' '}
          {formatInZone(date, 'local', zone)}
        </Text>
      )}
      <UnstyledButton className={classes.switch} onClick={() => storeTimeZoneChoice(other)}>
        {other === 'utc' ? 'Show every time in UTC' : `Show every time in your zone (${shownZoneName('local', zone)})`}
      </UnstyledButton>
    </Stack>
  );
}

/**
 * A chain timestamp in the reader's chosen zone, the zone named ("27 Nov 2026, 08:05:26 CET"); with
 * `withRelative`, how far off it is, ticking ("in 2 hours"), for deadlines. The exact UTC instant
 * is in the title on hover, and one press away: the time is a button opening it, with the switch
 * between the reader's zone and UTC. In list rows (`compact`, one tab stop per row) only the title.
 */
export function TimeText({
  value,
  withRelative = false,
  compact = false,
}: {
  value: string;
  withRelative?: boolean;
  compact?: boolean;
}) {
  const choice = useTimeZoneChoice();
  const [opened, setOpened] = useState(false);
  const date = instant(value);
  if (!date)
    return (
      <Text span c="dimmed" fz="sm">
        not set
      </Text>
    );
  const shown = formatInZone(date, choice);
  const title = `${exactUtc(value, date)}`;
  const time = (
    <time dateTime={value}>
      <Breakable text={shown} />
    </time>
  );
  return (
    <Text span fz="sm" className={classes.time}>
      {compact ? (
        <span title={title}>{time}</span>
      ) : (
        <Popover opened={opened} onChange={setOpened} position="bottom-start" withArrow shadow="md" trapFocus={false}>
          <Popover.Target>
            <button
              type="button"
              className={classes.toggle}
              title={title}
              aria-expanded={opened}
              aria-haspopup="dialog"
              onClick={() => setOpened((previous) => !previous)}
            >
              {time}
            </button>
          </Popover.Target>
          <Popover.Dropdown aria-label={`${shown}, exactly`}>
            <TimeDetails value={value} date={date} choice={choice} />
          </Popover.Dropdown>
        </Popover>
      )}
      {withRelative && (
        <Text span c="dimmed" fz="sm" className={classes.part}>
          {' '}
          (<RelativeTime date={date} />)
        </Text>
      )}
    </Text>
  );
}
