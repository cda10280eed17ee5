import { Stack, Text } from '@mantine/core';

import { instant, local, relative, utc } from '../lib/time.ts';

/** A chain timestamp in UTC and in the reader's local time, both labelled. */
export function TimeText({ value, withRelative = false }: { value: string; withRelative?: boolean }) {
  const date = instant(value);
  if (!date)
    return (
      <Text span c="dimmed">
        not set
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text span fz="sm">
        <Text span c="dimmed" fz="xs">
          UTC{' '}
        </Text>
        <time dateTime={value}>{utc(date)}</time>
        {withRelative && (
          <Text span c="dimmed" fz="xs">
            {' '}
            ({relative(date)})
          </Text>
        )}
      </Text>
      <Text span fz="xs" c="dimmed">
        Local {local(date)}
      </Text>
    </Stack>
  );
}
