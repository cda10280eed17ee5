import { queryOptions } from '@tanstack/react-query';

import {
  getVoterGroups,
  type MembershipSpan,
  type VoterGroup,
  type VoterGroups,
} from '../../api/archive-voter-groups.ts';
import { grouped } from '../../lib/format-number.ts';
import { instant } from '../../lib/time.ts';
import { archivedVoteQueries } from './archive-queries.ts';

/** Pages of 100 groups read at most: an address can be put in any number of groups by anyone. */
export const MAX_GROUP_PAGES = 10;

export interface VoterGroupsRead {
  archiveFrom: { height: string; time: string | null } | null;
  groups: VoterGroup[];
  /** How many groups the archive has for the address in all. */
  total: string;
  /** Every group was read (not cut at MAX_GROUP_PAGES). */
  complete: boolean;
}

function readOf(first: VoterGroups, groups: VoterGroup[], complete: boolean): VoterGroupsRead {
  const archiveFrom = first.archive_from_height
    ? { height: first.archive_from_height, time: first.archive_from_time }
    : null;
  const total = BigInt(first.pagination.total) > BigInt(groups.length) ? first.pagination.total : String(groups.length);
  return { archiveFrom, groups, total, complete };
}

export const participationQueries = {
  /** Every group the address was ever in or voted in, from the archive (bounded). */
  groups: (endpoint: string, address: string) =>
    queryOptions({
      queryKey: [...archivedVoteQueries.all(endpoint), 'voter-groups', address],
      queryFn: async ({ signal }) => {
        const first = await getVoterGroups(endpoint, address, { signal });
        const groups = [...first.groups];
        let key = first.pagination.next_key;
        for (let page = 1; key !== null && page < MAX_GROUP_PAGES; page++) {
          const next = await getVoterGroups(endpoint, address, { key, signal });
          groups.push(...next.groups);
          key = next.pagination.next_key;
        }
        return readOf(first, groups, key === null);
      },
    }),
};

/** "1 vote", "1,204 votes". */
export const plural = (count: string | number | bigint, one: string, many = `${one}s`) =>
  `${grouped(String(count))} ${String(count) === '1' ? one : many}`;

/** "2026-11-02": the day of a chain time, in UTC. */
export function dayOf(time: string | null): string | null {
  const date = time ? instant(time) : null;
  return date ? date.toISOString().slice(0, 10) : null;
}

/** "height 1,234 (2026-11-02)". */
export function atHeight(height: string, time: string | null): string {
  const day = dayOf(time);
  return `height ${grouped(height)}${day ? ` (${day})` : ''}`;
}

/** How a span began and ended, in words. */
export function spanWords(span: MembershipSpan): { from: string; to: string } {
  return {
    from:
      span.from === 'joined'
        ? `joined at ${atHeight(span.from_height, span.from_time)}`
        : `a member when the archive began, at ${atHeight(span.from_height, span.from_time)}`,
    to: span.to_height === null ? 'still a member' : `left at ${atHeight(span.to_height, span.to_time)}`,
  };
}

export interface Totals {
  groups: number;
  memberNow: number;
  proposals: bigint;
  voted: bigint;
  votes: bigint;
  outside: bigint;
  beforeArchive: bigint;
}

/** Sums over the groups: `voted + outside` is every vote, the number the list of votes has. */
export function totalsOf(groups: readonly VoterGroup[]): Totals {
  const totals: Totals = {
    groups: groups.length,
    memberNow: 0,
    proposals: 0n,
    voted: 0n,
    votes: 0n,
    outside: 0n,
    beforeArchive: 0n,
  };
  for (const group of groups) {
    if (group.member_now) totals.memberNow++;
    totals.proposals += BigInt(group.proposals_while_member);
    totals.voted += BigInt(group.voted);
    totals.votes += BigInt(group.votes);
    totals.outside += BigInt(group.votes_outside.count);
    totals.beforeArchive += BigInt(group.proposals_before_archive);
  }
  return totals;
}

/** What became of the address's votes in a group, one clause per kind that occurs. */
export function voteFates(group: VoterGroup): { text: string; ids: string[] }[] {
  const fates: { text: string; ids: string[] }[] = [];
  if (group.votes_counted !== '0') fates.push({ text: `${grouped(group.votes_counted)} counted`, ids: [] });
  const notCounted = group.votes_not_counted;
  if (notCounted.count !== '0')
    fates.push({
      text: `${grouped(notCounted.count)} did not count: it was no longer a member when the tally was made`,
      ids: notCounted.first.map((vote) => vote.proposal_id),
    });
  const pending = group.votes_pending;
  if (pending.count !== '0')
    fates.push(
      group.member_now
        ? { text: `${grouped(pending.count)} not tallied yet`, ids: [] }
        : {
            text: `${grouped(pending.count)} not tallied yet, and it is not a member now: ${pending.count === '1' ? 'it' : 'they'} will count only if it rejoins before voting ends`,
            ids: pending.first.map((vote) => vote.proposal_id),
          },
    );
  if (group.votes_never_tallied !== '0')
    fates.push({
      text: `${grouped(group.votes_never_tallied)} on withdrawn or aborted proposals (never tallied)`,
      ids: [],
    });
  return fates;
}
