import type { Inbox } from '../../api/archive-inbox.ts';
import { grouped } from '../../lib/format-number.ts';
import { formatUtc, humanDuration, instant } from '../../lib/time.ts';

export interface ArchiveStart {
  height: string;
  time: string | null;
}

/**
 * The inbox's "decided" window in words. The archive looks back a fixed time (30 days unless
 * asked) from its latest block; when it began later than that, the window really starts where
 * the archive does, and says so.
 */
export function decidedWindow(
  inbox: Pick<Inbox, 'since' | 'as_of_time' | 'as_of_height'>,
  start: ArchiveStart | null,
): { title: string; note: string } {
  const since = inbox.since ? instant(inbox.since) : null;
  const asOf = inbox.as_of_time ? instant(inbox.as_of_time) : null;
  const began = start?.time ? instant(start.time) : null;
  const latest = inbox.as_of_height ? ` (height ${grouped(inbox.as_of_height)})` : '';
  const beganAt = start
    ? `at height ${grouped(start.height)}${began ? ` (${formatUtc(began)})` : ''}`
    : 'at its first block';
  if (!since || !asOf)
    return {
      title: 'Decided since the archive began',
      note: `Proposals this address voted on that were accepted or rejected since the archive began ${beganAt}.`,
    };
  const length = humanDuration(Math.round((asOf.getTime() - since.getTime()) / 1000));
  if (began && began > since)
    return {
      title: 'Decided since the archive began',
      note:
        `Proposals this address voted on that were accepted or rejected since the archive began ${beganAt}. ` +
        `The inbox looks back ${length} from the archive’s latest block${latest}, but the archive holds no decision ` +
        'from before its first block.',
    };
  return {
    title: `Decided in the last ${length}`,
    note:
      `Proposals this address voted on that were accepted or rejected in the ${length} up to the archive’s latest ` +
      `block${latest}: since ${formatUtc(since)}.`,
  };
}
