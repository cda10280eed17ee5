import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';

import {
  getGroupInfo,
  getGroupMembers,
  getGroupPoliciesByGroup,
  getGroups,
  getGroupsByAdmin,
  getGroupsByMember,
  getProposalsByGroupPolicy,
} from '../../api/endpoints.ts';
import { fetchAllPages, nextPageParam, offsetOfLast, type Page, type PageParam } from '../../api/pagination.ts';
import { groupRowId, memberRowId, policyRowId } from '../../api/row-ids.ts';
import type { GroupInfo, Proposal } from '../../api/schemas.ts';
import { compareIds } from '../../lib/ids.ts';

export type GroupFilter = { by: 'all' } | { by: 'admin'; address: string } | { by: 'member'; address: string };

const firstPage = null as PageParam;

// A null id or filter means the page's input is invalid: the query waits (skipToken).
export const groupQueries = {
  all: (endpoint: string) => ['api', endpoint, 'groups'] as const,
  detail: (endpoint: string, id: string | null) =>
    queryOptions({
      queryKey: [...groupQueries.all(endpoint), 'detail', id],
      queryFn: id === null ? skipToken : ({ signal }) => getGroupInfo(endpoint, id, { signal }),
    }),
  list: (endpoint: string, filter: GroupFilter | null) =>
    infiniteQueryOptions({
      queryKey: [...groupQueries.all(endpoint), 'list', filter],
      queryFn:
        filter === null
          ? skipToken
          : ({ pageParam, signal }): Promise<Page<GroupInfo>> =>
              filter.by === 'admin'
                ? getGroupsByAdmin(endpoint, filter.address, { param: pageParam, signal })
                : filter.by === 'member'
                  ? getGroupsByMember(endpoint, filter.address, { param: pageParam, signal })
                  : getGroups(endpoint, { param: pageParam, signal, limit: 25 }),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, groupRowId),
    }),
  members: (endpoint: string, id: string | null) =>
    infiniteQueryOptions({
      queryKey: [...groupQueries.all(endpoint), 'members', id],
      queryFn:
        id === null
          ? skipToken
          : ({ pageParam, signal }) => getGroupMembers(endpoint, id, { param: pageParam, signal, limit: 100 }),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, memberRowId),
    }),
  /** The newest proposals of each of the group's policies (proposals are listed per policy on chain). */
  latestProposals: (endpoint: string, id: string, perPolicy: number) =>
    queryOptions({
      queryKey: [...groupQueries.all(endpoint), 'latest-proposals', id, perPolicy],
      queryFn: async ({ signal }): Promise<Proposal[]> => {
        const policies = await fetchAllPages(
          (param) => getGroupPoliciesByGroup(endpoint, id, { param, limit: 100, signal }),
          policyRowId,
        );
        const lists = await Promise.all(
          policies.map(async (policy) => {
            const head = await getProposalsByGroupPolicy(endpoint, policy.address, { param: null, limit: 1, signal });
            const offset = offsetOfLast(head.pagination.total, perPolicy);
            const latest = await getProposalsByGroupPolicy(endpoint, policy.address, {
              param: { offset },
              limit: perPolicy,
              signal,
            });
            return latest.rows;
          }),
        );
        return lists.flat().sort((a, b) => compareIds(b.id, a.id));
      },
    }),
};
