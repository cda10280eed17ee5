import { queryOptions } from '@tanstack/react-query';

import { getGroups } from '../../api/endpoints.ts';
import { offsetOfLast } from '../../api/pagination.ts';

/** The overview needs a count and the newest groups; with offset paging this works on every node. */
export const overviewQueries = {
  groupCount: (e: string) =>
    queryOptions({
      queryKey: ['api', e, 'groups', 'count'],
      queryFn: ({ signal }) => getGroups(e, { param: null, limit: 1, signal }).then((p) => p.pagination.total),
    }),
  recentGroups: (e: string, total: string, n: number) =>
    queryOptions({
      queryKey: ['api', e, 'groups', 'recent', total, n],
      queryFn: async ({ signal }) => {
        const page = await getGroups(e, { param: { offset: offsetOfLast(total, n) }, limit: n, signal });
        return [...page.rows].reverse();
      },
    }),
};
