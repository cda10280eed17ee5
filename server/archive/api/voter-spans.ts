import type { GroupProposalRow, MemberEventRow } from '../store/views/voter-record.ts';
import { isTallied, OPEN_STATUS } from '../vocabulary.ts';

// An address's membership of one group as the archive saw it (spans from joining, or from the
// archive's first block, to leaving), and how the group's proposals and the address's votes
// fall against it. Pure: the rows come from the store's voter record (store/views/voter-record.ts).

export interface WeightStep {
  height: string;
  time: string;
  weight: string;
}

export interface Span {
  /** `joined`: seen joining; `known`: already a member at the archive's first block. */
  from: 'joined' | 'known';
  from_height: string;
  from_time: string;
  to_height: string | null;
  to_time: string | null;
  /** The weight on joining and each real change after it (a repeated value is not a change). */
  weights: WeightStep[];
}

/**
 * RFC 3339 as nanoseconds since 1970, for ordering chain times exactly (Date keeps milliseconds;
 * two blocks' times can differ by less). Null when it is not a time.
 */
export function nanos(text: string | null): bigint | null {
  if (!text) return null;
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/i.exec(text.trim());
  if (!match) return null;
  const seconds = Date.parse(`${match[1]}${match[3].toUpperCase()}`);
  if (!Number.isFinite(seconds)) return null;
  return BigInt(seconds) * 1_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'));
}

/** Spans of membership from one group's member events for the address, oldest first. */
export function spansOf(events: readonly MemberEventRow[]): Span[] {
  const spans: Span[] = [];
  let open: Span | null = null;
  for (const event of events) {
    const step = { height: event.height, time: event.block_time, weight: event.new_value ?? '' };
    if ((event.kind === 'member_added' || event.kind === 'member_known') && open === null) {
      open = {
        from: event.kind === 'member_added' ? 'joined' : 'known',
        from_height: event.height,
        from_time: event.block_time,
        to_height: null,
        to_time: null,
        weights: event.new_value === null ? [] : [step],
      };
      spans.push(open);
    } else if (event.kind === 'weight_changed' && open !== null && event.new_value !== null) {
      const last = open.weights.at(-1);
      if (last === undefined || !sameNumber(last.weight, event.new_value)) open.weights.push(step);
    } else if (event.kind === 'member_removed' && open !== null) {
      open.to_height = event.height;
      open.to_time = event.block_time;
      open = null;
    }
  }
  return spans;
}

/** "1" and "1.0" are one weight: the node writes weights as the member update gave them. */
function sameNumber(a: string, b: string): boolean {
  const norm = (text: string) => text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  return norm(a) === norm(b);
}

/** How many there are, and the first LISTED of them (an address can vote on a great many). */
export interface Listed<T> {
  count: string;
  first: T[];
}

export const LISTED = 50;

class Tally<T> {
  private count = 0;
  private readonly first: T[] = [];
  add(item: T): void {
    if (this.count++ < LISTED) this.first.push(item);
  }
  get size(): number {
    return this.count;
  }
  json(): Listed<T> {
    return { count: String(this.count), first: this.first };
  }
}

export interface GroupParticipation {
  member_now: boolean;
  weight_now: string | null;
  spans: Span[];
  /** Proposals open for votes at some moment while a member (as the archive saw the membership). */
  proposals_while_member: string;
  /** How many of those the address voted on. */
  voted: string;
  /** Every vote of the address in the group: `voted` plus `votes_outside.count`. */
  votes: string;
  /** Votes on proposals outside the spans: cast before the archive saw the membership. */
  votes_outside: Listed<{ proposal_id: string; vote_time: string }>;
  /** Proposals that closed before the archive's first block: who was a member then is not known. */
  proposals_before_archive: string;
  /** The address's votes by what the tally made of them. */
  votes_counted: string;
  /** Tallied without its weight: it was not a member when the tally was made. */
  votes_not_counted: Listed<{ proposal_id: string; status: string }>;
  /** Not tallied yet: counts only if still a member when voting ends. */
  votes_pending: Listed<{ proposal_id: string }>;
  /** Withdrawn or aborted: never tallied. */
  votes_never_tallied: string;
}

/** When a proposal's voting ended (or ends): its voting period's end, or its withdrawal or abort. */
function closesAt(proposal: GroupProposalRow): bigint | null {
  const end = nanos(proposal.voting_period_end);
  const closed = nanos(proposal.closed_time);
  if (end === null) return closed;
  return closed !== null && closed < end ? closed : end;
}

/** Open for votes at some moment of the span: submitted before it ended, closing at or after it began. */
function overlaps(proposal: GroupProposalRow, span: Span): boolean {
  const submitted = nanos(proposal.submit_time);
  const closes = closesAt(proposal);
  const from = nanos(span.from_time);
  const to = nanos(span.to_time);
  if (submitted === null || closes === null || from === null) return false;
  return closes >= from && (span.to_time === null || (to !== null && submitted < to));
}

/**
 * How the address took part in one group: the proposals open while it was a member, those it
 * voted on, and every other vote explained, so `voted` plus `votes_outside` is every vote listed.
 */
export function participationOf(
  events: readonly MemberEventRow[],
  proposals: readonly GroupProposalRow[],
  archiveFrom: string | null,
): GroupParticipation {
  const spans = spansOf(events);
  const current = spans.at(-1);
  const memberNow = current !== undefined && current.to_height === null;
  const start = nanos(archiveFrom);
  let eligible = 0;
  let voted = 0;
  let before = 0;
  let counted = 0;
  let neverTallied = 0;
  const outside = new Tally<{ proposal_id: string; vote_time: string }>();
  const notCounted = new Tally<{ proposal_id: string; status: string }>();
  const pending = new Tally<{ proposal_id: string }>();
  for (const proposal of proposals) {
    const inSpan = spans.some((span) => overlaps(proposal, span));
    const closes = closesAt(proposal);
    if (inSpan) eligible++;
    else if (start !== null && closes !== null && closes < start) before++;
    if (proposal.vote_time === null) continue;
    if (inSpan) voted++;
    else outside.add({ proposal_id: proposal.id, vote_time: proposal.vote_time });
    if (isTallied(proposal.status)) {
      if (proposal.counted === null) notCounted.add({ proposal_id: proposal.id, status: proposal.status });
      else counted++;
    } else if (proposal.status === OPEN_STATUS) pending.add({ proposal_id: proposal.id });
    else neverTallied++;
  }
  return {
    member_now: memberNow,
    weight_now: memberNow ? (current.weights.at(-1)?.weight ?? null) : null,
    spans,
    proposals_while_member: String(eligible),
    voted: String(voted),
    votes: String(voted + outside.size),
    votes_outside: outside.json(),
    proposals_before_archive: String(before),
    votes_counted: String(counted),
    votes_not_counted: notCounted.json(),
    votes_pending: pending.json(),
    votes_never_tallied: String(neverTallied),
  };
}
