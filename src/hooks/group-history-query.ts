import { infiniteQueryOptions, skipToken } from '@tanstack/react-query';

import { getGroupHistory, groupEventRowId } from '../api/archive-records.ts';
import { nextPageParam, type PageParam } from '../api/pagination.ts';

const firstPage = null as PageParam;

// Apart from shared-queries.ts (on every first page): only the group and proposal pages read it.

/**
 * Who joined and left a group and how weights changed, newest first (archive). The group page
 * lists it; a proposal's non-voters replay it to the tally's height.
 */
export const groupHistoryQuery = (endpoint: string, groupId: string | null) =>
  infiniteQueryOptions({
    queryKey: ['api', endpoint, 'groups', 'history', groupId],
    queryFn:
      groupId === null
        ? skipToken
        : ({ pageParam, signal }) => getGroupHistory(endpoint, groupId, { param: pageParam, signal, limit: 100 }),
    initialPageParam: firstPage,
    getNextPageParam: (_last, pages) => nextPageParam(pages, groupEventRowId),
  });
