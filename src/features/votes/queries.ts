import { infiniteQueryOptions, skipToken } from '@tanstack/react-query';

import { getVotesByVoter } from '../../api/endpoints.ts';
import { nextPageParam, type PageParam } from '../../api/pagination.ts';
import { voteRowId } from '../../api/row-ids.ts';

const firstPage = null as PageParam;

export const voteQueries = {
  all: (endpoint: string) => ['api', endpoint, 'votes'] as const,
  /** Votes cast by an address that the chain still stores; a null voter (an invalid address) waits. */
  byVoter: (endpoint: string, voter: string | null) =>
    infiniteQueryOptions({
      queryKey: [...voteQueries.all(endpoint), 'by-voter', voter],
      queryFn:
        voter === null
          ? skipToken
          : ({ pageParam, signal }) => getVotesByVoter(endpoint, voter, { param: pageParam, signal }),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, voteRowId),
    }),
};
