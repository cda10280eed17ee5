import * as v from 'valibot';

import { ARCHIVE, getArchiveJson, type Options } from './archive.ts';

// `voters/{address}/groups`: every group an address was ever in (the archive's membership
// history) or voted in, with its spans of membership and what became of its votes there. Apart
// from archive.ts for the same reason as archive-inbox.ts: only the voter and inbox pages read it.

const uint64 = v.pipe(v.string(), v.regex(/^\d{1,20}$/));
const decimal = v.string();
const time = v.string();

const listed = <T extends v.GenericSchema>(item: T) => v.object({ count: uint64, first: v.array(item) });

const span = v.object({
  /** `joined`: the archive saw it join; `known`: already a member at the archive's first block. */
  from: v.picklist(['joined', 'known']),
  from_height: uint64,
  from_time: time,
  to_height: v.nullable(uint64),
  to_time: v.nullable(time),
  weights: v.array(v.object({ height: uint64, time, weight: decimal })),
});

const voterGroup = v.object({
  group_id: uint64,
  group_name: v.string(),
  member_now: v.boolean(),
  weight_now: v.nullable(decimal),
  spans: v.array(span),
  proposals_while_member: uint64,
  voted: uint64,
  votes: uint64,
  votes_outside: listed(v.object({ proposal_id: uint64, vote_time: time })),
  proposals_before_archive: uint64,
  votes_counted: uint64,
  votes_not_counted: listed(v.object({ proposal_id: uint64, status: v.string() })),
  votes_pending: listed(v.object({ proposal_id: uint64 })),
  votes_never_tallied: uint64,
});

const voterGroups = v.object({
  address: v.string(),
  archive_from_height: v.nullable(uint64),
  archive_from_time: v.nullable(time),
  as_of_height: v.nullable(uint64),
  as_of_time: v.nullable(time),
  groups: v.array(voterGroup),
  pagination: v.object({ next_key: v.nullable(v.string()), total: uint64 }),
});

export type VoterGroups = v.InferOutput<typeof voterGroups>;
export type VoterGroup = VoterGroups['groups'][number];
export type MembershipSpan = VoterGroup['spans'][number];

/** One page of an address's groups, by group id (the first page says how many there are). */
export const getVoterGroups = (
  endpoint: string,
  address: string,
  options: Options & { key?: string | null; limit?: number } = {},
) => {
  const query = new URLSearchParams({ 'pagination.limit': String(options.limit ?? 100) });
  if (options.key) query.set('pagination.key', options.key);
  else query.set('pagination.count_total', 'true');
  return getArchiveJson(endpoint, `${ARCHIVE}/voters/${encodeURIComponent(address)}/groups`, voterGroups, {
    signal: options.signal,
    query,
  }).then(({ data }) => data);
};
