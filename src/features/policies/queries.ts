import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

import { getGroupPolicyInfo, getProposalsByGroupPolicy } from '../../api/endpoints.ts';
import { nextPageParam, type PageParam } from '../../api/pagination.ts';
import type { Proposal } from '../../api/schemas.ts';

export const proposalRowId = (p: Proposal) => p.id;
const first = null as PageParam;

export const policyQueries = {
  all: (e: string) => ['api', e, 'policies'] as const,
  detail: (e: string, address: string) =>
    queryOptions({
      queryKey: [...policyQueries.all(e), 'detail', address],
      queryFn: ({ signal }) => getGroupPolicyInfo(e, address, { signal }),
    }),
  proposals: (e: string, address: string) =>
    infiniteQueryOptions({
      queryKey: [...policyQueries.all(e), 'proposals', address],
      queryFn: ({ pageParam, signal }) => getProposalsByGroupPolicy(e, address, { param: pageParam, signal }),
      initialPageParam: first,
      getNextPageParam: (_last, pages) => nextPageParam(pages, proposalRowId),
    }),
};
