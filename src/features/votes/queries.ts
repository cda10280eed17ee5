import { infiniteQueryOptions, skipToken } from '@tanstack/react-query';

import { getVotesByVoter } from '../../api/endpoints.ts';
import { nextPageParam, type PageParam } from '../../api/pagination.ts';
import { voteRowId } from '../../api/row-ids.ts';

const firstPage = null as PageParam;

export const voterQueries = {
  /** Votes cast by an address; a null voter (an invalid address) waits. */
  votes: (endpoint: string, voter: string | null) =>
    infiniteQueryOptions({
      queryKey: ['api', endpoint, 'voters', voter, 'votes'],
      queryFn:
        voter === null
          ? skipToken
          : ({ pageParam, signal }) => getVotesByVoter(endpoint, voter, { param: pageParam, signal }),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, voteRowId),
    }),
};
