import { queryOptions } from '@tanstack/react-query';

import { getArchivedProposal, getVoterRecord } from '../../api/archive-records.ts';
import { getArchivedProposals } from '../../api/archive.ts';
import { PAGE_REFRESH_MS, pollWhileHealthy } from '../../api/polling.ts';

// The current state of each followed item, as the Following page lists it: small archive reads,
// refreshed as pages with counts are (every 30 s while healthy).

export const followingQueries = {
  all: (endpoint: string) => ['api', endpoint, 'following'] as const,
  /** How many proposals of a group or policy are open for votes (the archive counts them). */
  openCount: (endpoint: string, scope: { group_id: string } | { group_policy_address: string }) =>
    queryOptions({
      queryKey: [...followingQueries.all(endpoint), 'open-count', scope],
      queryFn: ({ signal }) =>
        getArchivedProposals(endpoint, { ...scope, voting_open: 'true' }, { param: null, limit: 1, signal }).then(
          (page) => page.pagination.total,
        ),
      refetchInterval: pollWhileHealthy(PAGE_REFRESH_MS),
    }),
  proposal: (endpoint: string, id: string) =>
    queryOptions({
      queryKey: [...followingQueries.all(endpoint), 'proposal', id],
      queryFn: ({ signal }) => getArchivedProposal(endpoint, id, { signal }).then((record) => record.proposal),
      refetchInterval: pollWhileHealthy(PAGE_REFRESH_MS),
    }),
  /** A voter's latest vote, or null when it never voted. */
  latestVote: (endpoint: string, address: string) =>
    queryOptions({
      queryKey: [...followingQueries.all(endpoint), 'latest-vote', address],
      queryFn: ({ signal }) =>
        getVoterRecord(endpoint, address, {}, { param: { offset: 0 }, limit: 1, signal }).then(
          (page) => page.rows[0] ?? null,
        ),
      refetchInterval: pollWhileHealthy(PAGE_REFRESH_MS),
    }),
};
