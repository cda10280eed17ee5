import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

import { getGroupMembers, getProposal, getTally, getVote, getVotesByProposal } from '../../api/endpoints.ts';
import { fetchAllPages, nextPageParam, type PageParam } from '../../api/pagination.ts';
import type { GroupMember, Proposal, TallyResult, Vote } from '../../api/schemas.ts';
import { recount } from '../../lib/tally-audit.ts';
import { instant } from '../../lib/time.ts';

export const voteRowId = (v: Vote) => `${v.proposal_id}/${v.voter}`;
const first = null as PageParam;

/** Open for votes: SUBMITTED and its voting period not over (by the reader's clock). */
export function isVotingOpen(p: Proposal, now = Date.now()): boolean {
  const end = instant(p.voting_period_end);
  return p.status === 'PROPOSAL_STATUS_SUBMITTED' && end !== null && now <= end.getTime();
}

/** Still waiting for the chain to finalize it (voting over, status not updated yet). */
export const awaitingFinal = (p: Proposal) => p.status === 'PROPOSAL_STATUS_SUBMITTED';

export interface Audit {
  chain: TallyResult;
  recount: ReturnType<typeof recount>;
  votes: Vote[];
  members: GroupMember[];
  height: string | null;
}

type Progress = (update: (s: { votes: number; members: number }) => { votes: number; members: number }) => void;

export const proposalQueries = {
  all: (e: string) => ['api', e, 'proposals'] as const,
  detail: (e: string, id: string, pollMs: number | false = false) =>
    queryOptions({
      queryKey: [...proposalQueries.all(e), 'detail', id],
      queryFn: ({ signal }) => getProposal(e, id, { signal }),
      // While it can still change status on its own (until the end-blocker finalizes it).
      refetchInterval: (q) => (pollMs && q.state.data && awaitingFinal(q.state.data) ? pollMs : false),
    }),
  /** `status` is part of the key so the final tally is fetched afresh when the status settles. */
  tally: (e: string, id: string, status: string, pollMs: number | false = false) =>
    queryOptions({
      queryKey: [...proposalQueries.all(e), 'tally', id, status],
      queryFn: ({ signal }) => getTally(e, id, { signal }),
      refetchInterval: pollMs,
      refetchIntervalInBackground: false,
      staleTime: 0,
    }),
  /** Keyed by status too: when a proposal becomes final its votes are pruned, so the list reloads. */
  votes: (e: string, id: string, status: string) =>
    infiniteQueryOptions({
      queryKey: [...proposalQueries.all(e), 'votes', id, status],
      queryFn: ({ pageParam, signal }) => getVotesByProposal(e, id, { param: pageParam, signal, limit: 100 }),
      initialPageParam: first,
      getNextPageParam: (_last, pages) => nextPageParam(pages, voteRowId),
    }),
  /** How many votes are stored now: one row and the total, cheap enough to poll while voting. */
  voteCount: (e: string, id: string, pollMs: number | false) =>
    queryOptions({
      queryKey: [...proposalQueries.all(e), 'vote-count', id],
      queryFn: ({ signal }) =>
        getVotesByProposal(e, id, { param: null, limit: 1, signal }).then((p) => p.pagination.total),
      refetchInterval: pollMs,
    }),
  /** Every stored vote and member, recounted, next to the chain's tally. `run` asks again. */
  audit: (e: string, id: string, groupId: string, run: number, progress: Progress) =>
    queryOptions({
      queryKey: [...proposalQueries.all(e), 'audit', id, groupId, run],
      staleTime: Infinity,
      retry: false,
      queryFn: async ({ signal }): Promise<Audit> => {
        const votes = await fetchAllPages(
          (p) => getVotesByProposal(e, id, { param: p, limit: 1000, signal }),
          voteRowId,
          (n) => progress((s) => ({ ...s, votes: n })),
        );
        const members = await fetchAllPages(
          (p) => getGroupMembers(e, groupId, { param: p, limit: 1000, signal }),
          (m) => m.member.address,
          (n) => progress((s) => ({ ...s, members: n })),
        );
        const chain = await getTally(e, id, { signal });
        return { chain: chain.tally, recount: recount(votes, members), votes, members, height: chain.height };
      },
    }),
  vote: (e: string, id: string, voter: string) =>
    queryOptions({
      queryKey: [...proposalQueries.all(e), 'vote', id, voter],
      queryFn: ({ signal }) => getVote(e, id, voter, { signal }),
    }),
};
