import { Stack, Text } from '@mantine/core';
import { Fragment, useId, useState, type FocusEvent, type KeyboardEvent } from 'react';

import { useTimeZoneChoice } from '../../hooks/time/use-time-zone.ts';
import {
  browserTimeZone,
  exactUtc,
  formatInZone,
  shownZoneName,
  storeTimeZoneChoice,
  type TimeZoneChoice,
} from '../../lib/time-zone.ts';
import { instant } from '../../lib/time.ts';
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
    <Stack gap={4} component="span">
      <Text span display="block" fz="sm">
        <strong>UTC:</strong> {exactUtc(value, date)}
      </Text>
      {zone !== 'UTC' && (
        <Text span display="block" fz="sm">
          <strong>Your zone ({zone}):</strong> {formatInZone(date, 'local', zone)}
        </Text>
      )}
      <button type="button" className={classes.switch} onClick={() => storeTimeZoneChoice(other)}>
        {other === 'utc' ? 'Show every time in UTC' : `Show every time in your zone (${shownZoneName('local', zone)})`}
      </button>
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
  const detailsId = useId();
  const date = instant(value);
  if (!date)
    return (
      <Text span c="dimmed" fz="sm">
        not set
      </Text>
    );
  const shown = formatInZone(date, choice);
  const title = exactUtc(value, date);
  const time = (
    <time dateTime={value}>
      <Breakable text={shown} />
    </time>
  );
  // Closes when focus leaves the time and its details, or on Escape (focus back on the time).
  const closeOnLeave = (event: FocusEvent<HTMLSpanElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpened(false);
  };
  const closeOnEscape = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key !== 'Escape' || !opened) return;
    setOpened(false);
    event.currentTarget.querySelector('button')?.focus();
  };
  return (
    <Text span fz="sm" className={classes.time}>
      {compact ? (
        <span title={title}>{time}</span>
      ) : (
        // The details open in the flow under the time, not floating: a card or a table cell
        // that clips what overflows it cannot cut them off.
        <span onBlur={closeOnLeave} onKeyDown={closeOnEscape}>
          <button
            type="button"
            className={classes.toggle}
            title={title}
            aria-expanded={opened}
            aria-controls={opened ? detailsId : undefined}
            onClick={() => setOpened((previous) => !previous)}
          >
            {time}
          </button>
          {opened && (
            <span role="dialog" id={detailsId} aria-label={`${shown}, exactly`} className={classes.details}>
              <TimeDetails value={value} date={date} choice={choice} />
            </span>
          )}
        </span>
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
