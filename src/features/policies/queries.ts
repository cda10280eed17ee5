import { infiniteQueryOptions, skipToken } from '@tanstack/react-query';

import { getGroupPoliciesByAdmin, getGroupPoliciesByGroup, getProposalsByGroupPolicy } from '../../api/endpoints.ts';
import { nextPageParam, type PageParam } from '../../api/pagination.ts';
import { policyRowId, proposalRowId } from '../../api/row-ids.ts';

const firstPage = null as PageParam;

// A null address or id means the page's input is invalid, or not known yet: the query waits. A
// policy's own record is policyInfoQuery (hooks/shared-queries.ts): other features read it too.
export const policyQueries = {
  all: (endpoint: string) => ['api', endpoint, 'policies'] as const,
  byGroup: (endpoint: string, groupId: string | null) =>
    infiniteQueryOptions({
      queryKey: [...policyQueries.all(endpoint), 'by-group', groupId],
      queryFn:
        groupId === null
          ? skipToken
          : ({ pageParam, signal }) => getGroupPoliciesByGroup(endpoint, groupId, { param: pageParam, signal }),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, policyRowId),
    }),
  byAdmin: (endpoint: string, admin: string) =>
    infiniteQueryOptions({
      queryKey: [...policyQueries.all(endpoint), 'by-admin', admin],
      queryFn: ({ pageParam, signal }) => getGroupPoliciesByAdmin(endpoint, admin, { param: pageParam, signal }),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, policyRowId),
    }),
  proposals: (endpoint: string, address: string | null) =>
    infiniteQueryOptions({
      queryKey: [...policyQueries.all(endpoint), 'proposals', address],
      queryFn:
        address === null
          ? skipToken
          : ({ pageParam, signal }) => getProposalsByGroupPolicy(endpoint, address, { param: pageParam, signal }),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, proposalRowId),
    }),
};
