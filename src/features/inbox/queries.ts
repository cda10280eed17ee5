import { queryOptions } from '@tanstack/react-query';

import { getInbox } from '../../api/archive-inbox.ts';
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
};
