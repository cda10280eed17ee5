import { infiniteQueryOptions, skipToken } from '@tanstack/react-query';

import { archivedVoteRowId, getArchivedVotes, getVoterRecord, type VoterFilters } from '../../api/archive-records.ts';
import { nextPageParam, type PageParam } from '../../api/pagination.ts';
import { voteQueries } from './queries.ts';

const firstPage = null as PageParam;

// Apart from queries.ts, which the route loaders import: these load with the parts of pages that
// show the archive's votes, not with the app.

/** Votes as the archive keeps them, pruned ones included, with the weight each counted. */
export const archivedVoteQueries = {
  all: (endpoint: string) => [...voteQueries.all(endpoint), 'archive'] as const,
  /** Every vote on a proposal, in the order asked for. */
  byProposal: (endpoint: string, id: string, orderBy: 'time' | 'weight' | 'voter') =>
    infiniteQueryOptions({
      queryKey: [...archivedVoteQueries.all(endpoint), 'by-proposal', id, orderBy],
      queryFn: ({ pageParam, signal }) =>
        getArchivedVotes(
          endpoint,
          id,
          { order_by: orderBy, order: orderBy === 'weight' ? 'desc' : 'asc' },
          { param: pageParam, signal, limit: 100 },
        ),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, archivedVoteRowId),
    }),
  /** Every vote an address cast, across all groups; a null address waits. */
  byVoter: (endpoint: string, address: string | null, filters: VoterFilters = {}) =>
    infiniteQueryOptions({
      queryKey: [...archivedVoteQueries.all(endpoint), 'by-voter', address, filters],
      queryFn:
        address === null
          ? skipToken
          : ({ pageParam, signal }) =>
              getVoterRecord(endpoint, address, filters, { param: pageParam, signal, limit: 100 }),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, archivedVoteRowId),
    }),
};
