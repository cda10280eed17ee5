import { queryOptions } from '@tanstack/react-query';

import { getInbox } from '../../api/archive-inbox.ts';
import { getVoterGroups } from '../../api/archive-voter-groups.ts';
import { pollWhileHealthy } from '../../api/polling.ts';

/** An address's inbox (archive): refreshed every 30 s while healthy, as proposals open and close. */
export const inboxQueries = {
  all: (endpoint: string) => ['api', endpoint, 'inbox'] as const,
  forAddress: (endpoint: string, address: string) =>
    queryOptions({
      queryKey: [...inboxQueries.all(endpoint), address],
      queryFn: ({ signal }) => getInbox(endpoint, address, { signal }),
      refetchInterval: pollWhileHealthy(30_000),
    }),
  /**
   * Where the archive began (its first block's height and time): the inbox's answer does not say,
   * an address's groups do, and one page of one group is enough.
   */
  archiveStart: (endpoint: string, address: string) =>
    queryOptions({
      queryKey: [...inboxQueries.all(endpoint), address, 'archive-start'],
      queryFn: ({ signal }) =>
        getVoterGroups(endpoint, address, { signal, limit: 1 }).then((answer) =>
          answer.archive_from_height ? { height: answer.archive_from_height, time: answer.archive_from_time } : null,
        ),
      staleTime: Infinity,
    }),
};
