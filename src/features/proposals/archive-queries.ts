import { infiniteQueryOptions, skipToken } from '@tanstack/react-query';

import { archivedProposalRowId, getArchivedProposals, type ProposalFilters } from '../../api/archive.ts';
import { nextPageParam, type PageParam } from '../../api/pagination.ts';
import { proposalQueries } from './queries.ts';

const firstPage = null as PageParam;

// Apart from queries.ts, which the route loaders import: the archive's queries load with the
// parts of pages that show them, not with the app.

/** Proposals as the archive keeps them, pruned ones included, under the proposals' own keys. */
export const archivedProposalQueries = {
  all: (endpoint: string) => [...proposalQueries.all(endpoint), 'archive'] as const,
  list: (endpoint: string, filters: ProposalFilters, enabled = true) =>
    infiniteQueryOptions({
      queryKey: [...archivedProposalQueries.all(endpoint), 'list', filters],
      queryFn: enabled
        ? ({ pageParam, signal }) => getArchivedProposals(endpoint, filters, { param: pageParam, signal })
        : skipToken,
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, archivedProposalRowId),
    }),
};
