import type { TimelineEvent } from '../../api/archive-records.ts';
import type { ArchivedProposal } from '../../api/archive.ts';
import { instant } from '../../lib/time.ts';
import type { FollowedItem } from './follow-store.ts';

// What is news for the reader, worked out from what the archive answered: proposals opening in a
// followed group or policy (or proposed by a followed voter), followed proposals nearing the end
// of their vote, and their outcomes. Each event has one id whichever followed item it concerns,
// and happens at a chain time: an event from before its item was followed is not news.

export type FollowEventKind = 'opened' | 'closing-24h' | 'closing-1h' | 'decided';

export interface FollowEvent {
  /** `kind:proposal@endpoint`: the same event from a followed group and its policy is one event. */
  id: string;
  kind: FollowEventKind;
  endpoint: string;
  proposal: ArchivedProposal;
  /** When it happened on the chain (ms since the epoch). */
  at: number;
  /** The followed item it is news for (the first that matches). */
  via: FollowedItem;
}

/** One poll of one endpoint: the proposals of its followed items, and decision times read from timelines. */
export interface Poll {
  endpoint: string;
  /** The chain's time when polled (the archive's latest block): deadlines are counted against it. */
  chainNow: number;
  proposals: readonly ArchivedProposal[];
  /** When decided proposals were decided (ms), for those whose timeline was read. */
  decidedAt: ReadonlyMap<string, number>;
}

/** What was notified already, and the time before which nothing is news any more. */
export interface Notified {
  has(eventId: string): boolean;
  readonly quietBefore: number;
}

export const DECIDED_STATUSES: ReadonlySet<string> = new Set([
  'PROPOSAL_STATUS_ACCEPTED',
  'PROPOSAL_STATUS_REJECTED',
  'PROPOSAL_STATUS_WITHDRAWN',
  'PROPOSAL_STATUS_ABORTED',
]);

const HOUR_MS = 3_600_000;
/** Nearest first: a reader back 30 minutes before the end hears "1 hour left", not both. */
const DEADLINES = [
  { kind: 'closing-1h', before: HOUR_MS },
  { kind: 'closing-24h', before: 24 * HOUR_MS },
] as const;
/**
 * A proposal is decided by the end of its vote, in the block that tallies it: one with a voting
 * end this long before an item was followed was decided before, and its timeline is not read.
 */
const TALLY_SLACK_MS = 10 * 60_000;

export const eventId = (kind: FollowEventKind, proposalId: string, endpoint: string) =>
  `${kind}:${proposalId}@${endpoint}`;

export type Interest = 'opened' | 'deadline' | 'decided';

/** Whether a followed item makes this kind of news of a proposal. */
function concerns(item: FollowedItem, proposal: ArchivedProposal, interest: Interest): boolean {
  switch (item.kind) {
    case 'group':
      return proposal.group_id === item.id;
    case 'policy':
      return proposal.group_policy_address === item.id;
    case 'proposal':
      return interest !== 'opened' && proposal.id === item.id;
    case 'voter':
      return interest === 'opened' && proposal.proposers.includes(item.id);
  }
}

const ms = (time: string | null) => (time === null ? undefined : instant(time)?.getTime());

/** Whether any item followed on this endpoint makes this kind of news of the proposal, whenever followed. */
export const concernsAny = (
  items: readonly FollowedItem[],
  endpoint: string,
  proposal: ArchivedProposal,
  interest: Interest,
) => items.some((item) => item.endpoint === endpoint && concerns(item, proposal, interest));

/** The first item, on this endpoint, that makes news of the proposal at `at`: one followed by then. */
function followerAt(
  items: readonly FollowedItem[],
  endpoint: string,
  proposal: ArchivedProposal,
  interest: Interest,
  at: number,
): FollowedItem | undefined {
  return items.find(
    (item) =>
      item.endpoint === endpoint && concerns(item, proposal, interest) && (ms(item.followedAt) ?? Infinity) <= at,
  );
}

/** The events of one poll that were not notified yet, oldest first. */
export function detectEvents(items: readonly FollowedItem[], poll: Poll, notified: Notified): FollowEvent[] {
  const events: FollowEvent[] = [];
  const add = (kind: FollowEventKind, interest: Interest, proposal: ArchivedProposal, at: number) => {
    const id = eventId(kind, proposal.id, poll.endpoint);
    if (notified.has(id) || at < notified.quietBefore) return;
    const via = followerAt(items, poll.endpoint, proposal, interest, at);
    if (via) events.push({ id, kind, endpoint: poll.endpoint, proposal, at, via });
  };
  for (const proposal of poll.proposals) {
    const submitted = ms(proposal.submit_time);
    const ends = ms(proposal.voting_period_end);
    if (submitted !== undefined) add('opened', 'opened', proposal, submitted);
    if (proposal.status === 'PROPOSAL_STATUS_SUBMITTED' && submitted !== undefined && ends !== undefined) {
      const passed =
        poll.chainNow < ends ? DEADLINES.find((deadline) => poll.chainNow >= ends - deadline.before) : undefined;
      // A vote shorter than the threshold opens already inside it: its opening said when it ends.
      if (passed && ends - passed.before > submitted) add(passed.kind, 'deadline', proposal, ends - passed.before);
    }
    const decided = poll.decidedAt.get(proposal.id);
    if (DECIDED_STATUSES.has(proposal.status) && decided !== undefined) add('decided', 'decided', proposal, decided);
  }
  return events.sort((a, b) => a.at - b.at);
}

/**
 * Decided proposals whose timeline must be read to know when they were decided: those that can
 * be news for a followed item (decided no earlier than it was followed) and were not notified.
 */
export function decisionsToLookUp(
  items: readonly FollowedItem[],
  endpoint: string,
  proposals: readonly ArchivedProposal[],
  notified: Notified,
): string[] {
  return proposals
    .filter((proposal) => {
      if (!DECIDED_STATUSES.has(proposal.status)) return false;
      if (notified.has(eventId('decided', proposal.id, endpoint))) return false;
      const latest = (ms(proposal.voting_period_end) ?? Infinity) + TALLY_SLACK_MS;
      return latest >= notified.quietBefore && followerAt(items, endpoint, proposal, 'decided', latest) !== undefined;
    })
    .map((proposal) => proposal.id);
}

/**
 * When a proposal was decided, from its timeline: the first entry with a final status. An
 * archive that first saw it already decided knows only that it was decided by then, and by its
 * voting end at the latest.
 */
export function decisionTime(proposal: ArchivedProposal, timeline: readonly TimelineEvent[]): number | null {
  const entry = timeline.find((event) => event.status !== null && DECIDED_STATUSES.has(event.status));
  const at = entry ? ms(entry.time) : undefined;
  if (!entry || at === undefined) return null;
  return entry.kind === 'first_seen' ? Math.min(at, ms(proposal.voting_period_end) ?? at) : at;
}
