import { useSyncExternalStore } from 'react';

import { currentTimeZoneChoice, onTimeZoneChoiceChange, type TimeZoneChoice } from '../../lib/time-zone.ts';

/** Whether times show in the reader's zone or in UTC, as this browser keeps it. */
export function useTimeZoneChoice(): TimeZoneChoice {
  return useSyncExternalStore(onTimeZoneChoiceChange, currentTimeZoneChoice, () => 'local');
}
