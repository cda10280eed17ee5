import { archivedVoteRowId, getArchivedVotes } from '../../api/archive-records.ts';
import { getGroupMembers, getTally, getVotesByProposal } from '../../api/endpoints.ts';
import { fetchAllPages } from '../../api/pagination.ts';
import { memberRowId, voteRowId } from '../../api/row-ids.ts';
import type { TallyResult } from '../../api/schemas.ts';
import { recount, sumCounted, type Recount } from '../../domain/recount.ts';

/** One vote as the recount saw it, for the table and the CSV. */
export interface AuditRow {
  voter: string;
  option: string;
  /** The weight it counted with (now, while voting; at the tally, once final); null: not counted. */
  weight: string | null;
  submit_time: string;
  metadata: string;
}

export interface Audit {
  /** node: the chain's stored votes at current weights; archive: archived votes at tally-time weights. */
  source: 'node' | 'archive';
  chain: TallyResult;
  recount: Recount;
  rows: AuditRow[];
  /** The height the chain's tally was read at, when the server reports it. */
  height: string | null;
}

export interface Progress {
  votes: number;
  members: number;
}

type OnProgress = (update: (previous: Progress) => Progress) => void;

/** While voting: every stored vote and member, recounted at current weights as x/group does. */
export async function nodeAudit(
  endpoint: string,
  proposalId: string,
  groupId: string,
  signal: AbortSignal,
  onProgress: OnProgress,
): Promise<Audit> {
  const votes = await fetchAllPages(
    (param) => getVotesByProposal(endpoint, proposalId, { param, limit: 1000, signal }),
    voteRowId,
    { onRows: (loaded) => onProgress((previous) => ({ ...previous, votes: loaded })) },
  );
  const members = await fetchAllPages(
    (param) => getGroupMembers(endpoint, groupId, { param, limit: 1000, signal }),
    memberRowId,
    { onRows: (loaded) => onProgress((previous) => ({ ...previous, members: loaded })) },
  );
  const chain = await getTally(endpoint, proposalId, { signal });
  const weights = new Map(members.map((member) => [member.member.address, member.member.weight]));
  return {
    source: 'node',
    chain: chain.tally,
    recount: recount(votes, members),
    rows: votes.map((vote) => ({ ...vote, weight: weights.get(vote.voter) ?? null })),
    height: chain.height,
  };
}

/**
 * Once final the node has pruned the votes: the archive's, each at the weight it had when the
 * chain tallied, must add up to the final tally the chain stored.
 */
export async function archiveAudit(
  endpoint: string,
  proposalId: string,
  finalTally: TallyResult,
  signal: AbortSignal,
  onProgress: OnProgress,
): Promise<Audit> {
  const votes = await fetchAllPages(
    (param) => getArchivedVotes(endpoint, proposalId, { order_by: 'time' }, { param, limit: 1000, signal }),
    archivedVoteRowId,
    { onRows: (loaded) => onProgress((previous) => ({ ...previous, votes: loaded })) },
  );
  const rows = votes.map((vote) => ({
    voter: vote.voter,
    option: vote.option,
    weight: vote.weight,
    submit_time: vote.submit_time ?? '',
    metadata: vote.metadata ?? '',
  }));
  return { source: 'archive', chain: finalTally, recount: sumCounted(rows), rows, height: null };
}
