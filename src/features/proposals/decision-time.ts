import type { TimelineEvent } from '../../api/archive-records.ts';

const DECIDED = new Set(['PROPOSAL_STATUS_ACCEPTED', 'PROPOSAL_STATUS_REJECTED']);

/**
 * When and at what height the chain decided a proposal, from the archive's timeline: a proposal
 * can be decided before its voting period ends (once the outcome cannot change), so the end of
 * the voting period is not when it was decided. Null where the archive did not see it decided: a
 * proposal it found already decided (`first_seen`) was decided at some earlier height it never read.
 */
export function decisionTime(timeline: TimelineEvent[] | undefined): { height: string; time: string } | null {
  const event = timeline?.find(
    (entry) => entry.kind !== 'first_seen' && entry.status !== null && DECIDED.has(entry.status),
  );
  return event?.height && event.time ? { height: event.height, time: event.time } : null;
}
