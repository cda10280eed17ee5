import type { GroupEvent } from '../api/archive-records.ts';

/** One entry of an archived group history (group 1), as the archive answers it. */
export const groupEvent = (height: string, kind: string, address: string | null, value: string | null): GroupEvent => ({
  group_id: '1',
  height,
  time: null,
  kind,
  address,
  old_value: null,
  new_value: value,
});
