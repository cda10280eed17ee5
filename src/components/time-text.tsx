import { Text } from '@mantine/core';
import { Fragment } from 'react';

import { formatLocal, formatUtc, instant } from '../lib/time.ts';
import { RelativeTime } from './relative-time.tsx';

/**
 * A chain timestamp in the one format ("2026-11-22 08:51:20 UTC"); with `withRelative`, how far
 * off it is, ticking. The reader's local time follows only where it differs from UTC (on a line
 * of its own, or in the title when `compact`, as in list rows).
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
  const date = instant(value);
  if (!date)
    return (
      <Text span c="dimmed" fz="sm">
        not set
      </Text>
    );
  const local = formatLocal(date);
  return (
    <span>
      <Text span fz="sm" style={{ whiteSpace: 'normal' }}>
        <time dateTime={value} title={compact && local ? `Local ${local}` : undefined}>
          {/* A line may end between the day and the time, never inside "2026-11-24" at its hyphens. */}
          {formatUtc(date)
            .split(/ (?=\d{2}:)/)
            .map((part, index) => (
              <Fragment key={index}>
                {index > 0 && ' '}
                <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
              </Fragment>
            ))}
        </time>
        {withRelative && (
          <Text span c="dimmed" fz="sm">
            {' '}
            (<RelativeTime date={date} />)
          </Text>
        )}
      </Text>
      {local && !compact && (
        <Text span display="block" fz="xs" c="dimmed">
          Local {local}
        </Text>
      )}
    </span>
  );
}
