import { queryOptions, skipToken } from '@tanstack/react-query';

import { getGroups } from '../../api/endpoints.ts';
import { offsetOfLast } from '../../api/pagination.ts';
import { PAGE_REFRESH_MS, pollWhileHealthy } from '../../api/polling.ts';
import { nodeOrArchivedGroups } from '../../hooks/shared-queries.ts';

/** The archive's group readers: loaded only where a chain's upgrade removed x/group. */
const archiveGroups = () => import('../../api/archive-groups.ts');

/** The overview needs a count and the newest groups; with offset paging this works on every node. */
export const overviewQueries = {
  groupCount: (endpoint: string) =>
    queryOptions({
      queryKey: ['api', endpoint, 'groups', 'count'],
      queryFn: ({ signal, client }) =>
        nodeOrArchivedGroups(
          client,
          endpoint,
          () => getGroups(endpoint, { param: null, limit: 1, signal }),
          () =>
            archiveGroups().then((archive) =>
              archive.getArchivedGroups(endpoint, {}, { param: null, limit: 1, signal }),
            ),
        ).then((page) => page.pagination.total),
      refetchInterval: pollWhileHealthy(PAGE_REFRESH_MS),
    }),
  /** Waits (total null) until the count is known: the newest rows are read by offset from the end. */
  recentGroups: (endpoint: string, total: string | null, count: number) =>
    queryOptions({
      queryKey: ['api', endpoint, 'groups', 'recent', total, count],
      queryFn:
        total === null
          ? skipToken
          : ({ signal, client }) =>
              nodeOrArchivedGroups(
                client,
                endpoint,
                async () => {
                  const page = await getGroups(endpoint, {
                    param: { offset: offsetOfLast(total, count) },
                    limit: count,
                    signal,
                  });
                  return [...page.rows].reverse();
                },
                // The archive pages by key, not offset: it lists them newest first itself.
                () =>
                  archiveGroups()
                    .then((archive) =>
                      archive.getArchivedGroups(endpoint, { order: 'desc' }, { param: null, limit: count, signal }),
                    )
                    .then((page) => page.rows),
              ),
      refetchInterval: pollWhileHealthy(PAGE_REFRESH_MS),
    }),
};
