import * as v from 'valibot';

import { rangeSet, tallyCheck } from './archive-sets.ts';
import {
  ARCHIVE,
  archivedProposal,
  archiveList,
  getArchiveJson,
  pageResponse,
  segment,
  text,
  type ListOptions,
  type Options,
} from './archive.ts';
import { decimal, decisionPolicy, proposalStatus, uint64, voteOption } from './schemas.ts';

// The archive's records beyond its status and proposal lists: one proposal's record and votes, a
// voter's record, a group's history. Apart from archive.ts so the first page, which needs only
// the status and the open proposals, does not carry their schemas.

/** A transaction as CometBFT names it; null where the archive did not read it (absent from older archives). */
const txHash = v.optional(v.nullable(v.string()));

const timelineEvent = v.object({
  height: v.nullable(uint64),
  time: text,
  kind: v.string(),
  status: text,
  detail: v.unknown(),
  /** The transaction that submitted or executed the proposal. */
  tx_hash: txHash,
});

const archivedVote = v.object({
  proposal_id: uint64,
  voter: v.string(),
  option: voteOption,
  metadata: text,
  submit_time: text,
  observed_height: v.nullable(uint64),
  weight: v.nullable(decimal),
  pruned_from_chain: v.boolean(),
  /** The transaction that cast it. */
  tx_hash: txHash,
});

const voterVote = v.object({
  ...archivedVote.entries,
  proposal_title: v.string(),
  proposal_status: proposalStatus,
  executor_result: v.string(),
  group_id: v.string(),
  group_name: v.string(),
});

const groupEvent = v.object({
  group_id: uint64,
  height: v.nullable(uint64),
  time: text,
  kind: v.string(),
  address: text,
  old_value: text,
  new_value: text,
});

const responses = {
  proposal: v.object({
    proposal: archivedProposal,
    timeline: v.array(timelineEvent),
    /** The group's total weight and the policy's rule when the chain tallied it (null: not seen). */
    tallied_with: v.optional(v.nullable(v.object({ total_weight: decimal, decision_policy: decisionPolicy })), null),
    vote_count: v.optional(v.nullable(uint64), null),
    /** Whether its votes are proven complete in one state (a walk of absence proofs), and how many. */
    vote_set: rangeSet,
    /** The archive's recount of the final tally from its votes (null: not tallied or not recounted yet). */
    tally_check: tallyCheck,
  }),
  votes: v.object({ votes: v.array(archivedVote), pagination: pageResponse }),
  voterVotes: v.object({ votes: v.array(voterVote), pagination: pageResponse }),
  groupHistory: v.object({ events: v.array(groupEvent), pagination: pageResponse }),
};

export type TimelineEvent = v.InferOutput<typeof timelineEvent>;
export type ArchivedVote = v.InferOutput<typeof archivedVote>;
export type VoterVote = v.InferOutput<typeof voterVote>;
export type GroupEvent = v.InferOutput<typeof groupEvent>;

export const archivedVoteRowId = (vote: ArchivedVote) => `${vote.proposal_id}/${vote.voter}`;
export const groupEventRowId = (event: GroupEvent) =>
  `${event.height ?? ''}/${event.kind}/${event.address ?? ''}/${event.new_value ?? ''}`;

export const getArchivedProposal = (endpoint: string, id: string, options: Options = {}) =>
  getArchiveJson(endpoint, `${ARCHIVE}/proposals/${segment(id)}`, responses.proposal, options).then(({ data }) => data);

export const getArchivedVotes = (
  endpoint: string,
  id: string,
  order: { order_by?: 'time' | 'weight' | 'voter'; order?: 'asc' | 'desc' },
  options: ListOptions,
) =>
  archiveList<ArchivedVote>(
    endpoint,
    `proposals/${segment(id)}/votes`,
    responses.votes,
    'votes',
    { ...order },
    options,
  );

/** Narrowing of a voter's record, applied by the archive to every vote (not just the loaded ones). */
export interface VoterFilters {
  option?: string;
  group_id?: string;
  order?: 'asc' | 'desc';
}

export const getVoterRecord = (endpoint: string, address: string, filters: VoterFilters, options: ListOptions) =>
  archiveList<VoterVote>(
    endpoint,
    `voters/${segment(address)}/votes`,
    responses.voterVotes,
    'votes',
    { order: 'desc', ...filters },
    options,
  );

/** The archive path and query a voter's record is read from, as written into an export's provenance. */
export function voterRecordPath(address: string, filters: VoterFilters): string {
  const query = new URLSearchParams({ order: 'desc' });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  return `${ARCHIVE}/voters/${address}/votes?${query.toString()}`;
}

export const getGroupHistory = (endpoint: string, groupId: string, options: ListOptions) =>
  archiveList<GroupEvent>(
    endpoint,
    `groups/${segment(groupId)}/history`,
    responses.groupHistory,
    'events',
    { order: 'desc' },
    options,
  );
