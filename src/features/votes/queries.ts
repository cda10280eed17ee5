import { infiniteQueryOptions } from '@tanstack/react-query';

import { getVotesByVoter } from '../../api/endpoints.ts';
import { nextPageParam, type PageParam } from '../../api/pagination.ts';
import { voteRowId } from '../proposals/queries.ts';

const first = null as PageParam;

export const voterQueries = {
  votes: (e: string, voter: string) =>
    infiniteQueryOptions({
      queryKey: ['api', e, 'voters', voter, 'votes'],
      queryFn: ({ pageParam, signal }) => getVotesByVoter(e, voter, { param: pageParam, signal }),
      initialPageParam: first,
      getNextPageParam: (_last, pages) => nextPageParam(pages, voteRowId),
    }),
};
