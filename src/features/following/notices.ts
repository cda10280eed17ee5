import type { ProposalStatus } from '../../api/schemas.ts';
import { statusLabel } from '../../components/tallies/badges.tsx';
import { withEndpoint } from '../../lib/chain/endpoint.ts';
import { shortAddress } from '../../lib/chain/short-address.ts';
import { labelText } from '../../lib/text/hostile-text.ts';
import { humanDuration } from '../../lib/time.ts';
import type { FollowEvent } from './follow-events.ts';

// The words of a notification. Titles, names and addresses come from the chain, so anyone wrote
// them: a notification is plain text, and labelText marks their text-direction controls (which
// would reorder what the reader sees) and cuts them short.

export interface Notice {
  title: string;
  body: string;
  /** The event's id: one notification per event, even if shown twice (the system replaces it). */
  tag: string;
  /** Where a click on it leads, in the app. */
  path: string;
  /** The events it tells of (several for a summary). */
  events: readonly string[];
}

/** Events this much older than the poll happened while no Polity tab watched: told in one summary when several. */
export const LATE_MS = 10 * 60_000;

const proposalLine = (event: FollowEvent) =>
  `#${event.proposal.id} ${labelText(event.proposal.title || '(untitled proposal)', 120)}`;

const where = (event: FollowEvent) =>
  labelText(event.proposal.group_name || `Group #${event.proposal.group_id ?? '?'}`, 80);

function noticeOf(event: FollowEvent, chainNow: number): Notice {
  const common = {
    tag: event.id,
    path: withEndpoint(`/proposals/${event.proposal.id}`, event.endpoint),
    events: [event.id],
  };
  switch (event.kind) {
    case 'opened': {
      const ends = Date.parse(event.proposal.voting_period_end ?? '');
      const left = Number.isNaN(ends)
        ? ''
        : ends > chainNow
          ? `Voting ends in ${humanDuration(Math.round((ends - chainNow) / 1000))}.`
          : 'Voting has ended.';
      const by = event.via.kind === 'voter' ? ` by ${shortAddress(event.via.id)}` : '';
      return {
        ...common,
        title: `New proposal${by} in ${where(event)}`,
        body: `${proposalLine(event)}\n${left}`.trim(),
      };
    }
    case 'closing-24h':
    case 'closing-1h':
      return {
        ...common,
        title: `${event.kind === 'closing-1h' ? '1 hour' : '24 hours'} left to vote`,
        body: `${proposalLine(event)}\n${where(event)}`,
      };
    case 'decided':
      return {
        ...common,
        title: `Proposal #${event.proposal.id} ${statusLabel(event.proposal.status as ProposalStatus).toLowerCase()}`,
        body: `${labelText(event.proposal.title || '(untitled proposal)', 120)}\n${where(event)}`,
      };
  }
}

const KIND_WORDS: Record<FollowEvent['kind'], string> = {
  opened: 'opened',
  'closing-24h': 'closing within 24 hours',
  'closing-1h': 'closing within the hour',
  decided: 'decided',
};

/**
 * What to show for one poll's events: one notification each, except that several events from
 * while no tab watched (older than LATE_MS) become one summary, which leads to the Following page.
 */
export function noticesFor(events: readonly FollowEvent[], endpoint: string, chainNow: number): Notice[] {
  const late = events.filter((event) => chainNow - event.at > LATE_MS);
  const fresh = late.length > 1 ? events.filter((event) => !late.includes(event)) : events;
  const notices = fresh.map((event) => noticeOf(event, chainNow));
  if (late.length > 1) {
    const counts = new Map<string, number>();
    for (const event of late) counts.set(KIND_WORDS[event.kind], (counts.get(KIND_WORDS[event.kind]) ?? 0) + 1);
    notices.unshift({
      title: `${late.length} updates on what you follow`,
      body: [...counts].map(([words, count]) => `${count} ${words}`).join(', ') + ', while no Polity tab was open.',
      tag: `summary:${late[0].id}`,
      path: withEndpoint('/following', endpoint),
      events: late.map((event) => event.id),
    });
  }
  return notices;
}
