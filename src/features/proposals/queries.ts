import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';

import { getGroupMembers, getProposal, getTally, getVote, getVotesByProposal } from '../../api/endpoints.ts';
import { fetchAllPages, nextPageParam, type PageParam } from '../../api/pagination.ts';
import { isFailing } from '../../api/polling.ts';
import { memberRowId, voteRowId } from '../../api/row-ids.ts';
import type { Proposal } from '../../api/schemas.ts';
import { PHASES, proposalPhase } from '../../domain/proposal-phase.ts';

const firstPage = null as PageParam;

// A null id means the page's input is invalid: the query waits (skipToken).
export const proposalQueries = {
  all: (endpoint: string) => ['api', endpoint, 'proposals'] as const,
  /**
   * Read again after `pollMs(proposal, now)` (false: not again) while the last read succeeded:
   * the page says how often the proposal can change (see domain/proposal-watch.ts).
   */
  detail: (
    endpoint: string,
    id: string | null,
    pollMs: (proposal: Proposal, now: number) => number | false = () => false,
  ) =>
    queryOptions({
      queryKey: [...proposalQueries.all(endpoint), 'detail', id],
      queryFn: id === null ? skipToken : ({ signal }) => getProposal(endpoint, id, { signal }),
      refetchInterval: (query) =>
        !isFailing(query) && query.state.data ? pollMs(query.state.data, Date.now()) : false,
    }),
  /**
   * The live tally of an undecided proposal, polled every `paceMs` while voting is open; it stops
   * by itself once voting ends. A decided proposal carries its final tally, the same numbers the
   * tally query would answer, so nothing is asked for it (nor for one the chain does not count).
   */
  tally: (endpoint: string, proposal: Pick<Proposal, 'id' | 'status' | 'voting_period_end'>, paceMs: number) =>
    queryOptions({
      queryKey: [...proposalQueries.all(endpoint), 'tally', proposal.id, proposal.status],
      queryFn: PHASES[proposalPhase(proposal, Date.now())].undecided
        ? ({ signal }) => getTally(endpoint, proposal.id, { signal })
        : skipToken,
      refetchInterval: (query) =>
        !isFailing(query) && PHASES[proposalPhase(proposal, Date.now())].live ? paceMs : false,
      refetchIntervalInBackground: false,
      staleTime: 0,
    }),
  /** Keyed by status too: when a proposal becomes final its votes are pruned, so the list reloads. */
  votes: (endpoint: string, id: string, status: string) =>
    infiniteQueryOptions({
      queryKey: [...proposalQueries.all(endpoint), 'votes', id, status],
      queryFn: ({ pageParam, signal }) => getVotesByProposal(endpoint, id, { param: pageParam, signal, limit: 100 }),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, voteRowId),
    }),
  /**
   * Every voter of an open proposal, read again whenever its tally moves (`tallyKey`): who can
   * still decide it follows the votes as they arrive.
   */
  voters: (endpoint: string, id: string | null, tallyKey: string) =>
    queryOptions({
      queryKey: [...proposalQueries.all(endpoint), 'voters', id, tallyKey],
      queryFn:
        id === null
          ? skipToken
          : ({ signal }) =>
              fetchAllPages(
                (param) => getVotesByProposal(endpoint, id, { param, limit: 1000, signal }),
                voteRowId,
              ).then((votes) => new Set(votes.map((vote) => vote.voter))),
      placeholderData: (previous) => previous,
      staleTime: 60_000,
    }),
  vote: (endpoint: string, id: string | null, voter: string | null) =>
    queryOptions({
      queryKey: [...proposalQueries.all(endpoint), 'vote', id, voter],
      queryFn: id === null || voter === null ? skipToken : ({ signal }) => getVote(endpoint, id, voter, { signal }),
    }),
  /** How many members the group has now (one row and the total), to decide whether weights load by themselves. */
  memberCount: (endpoint: string, groupId: string | null) =>
    queryOptions({
      queryKey: [...proposalQueries.all(endpoint), 'member-count', groupId],
      queryFn:
        groupId === null
          ? skipToken
          : ({ signal }) =>
              getGroupMembers(endpoint, groupId, { param: null, limit: 1, signal }).then(
                (page) => page.pagination.total,
              ),
      staleTime: 60_000,
    }),
  /**
   * The current weight of each member of the proposal's group (to weigh its voters): the whole
   * member list, read in pages of 1,000; a null group id waits.
   */
  memberWeights: (endpoint: string, groupId: string | null) =>
    queryOptions({
      queryKey: [...proposalQueries.all(endpoint), 'member-weights', groupId],
      queryFn:
        groupId === null
          ? skipToken
          : ({ signal }) =>
              fetchAllPages((param) => getGroupMembers(endpoint, groupId, { param, limit: 1000, signal }), memberRowId),
      staleTime: 60_000,
    }),
};
