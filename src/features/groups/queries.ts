import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

import {
  getGroupInfo,
  getGroupMembers,
  getGroupPoliciesByAdmin,
  getGroupPoliciesByGroup,
  getGroups,
  getGroupsByAdmin,
  getGroupsByMember,
  getProposalsByGroupPolicy,
} from '../../api/endpoints.ts';
import { fetchAllPages, nextPageParam, offsetOfLast, type Page, type PageParam } from '../../api/pagination.ts';
import type { GroupInfo, GroupMember, GroupPolicyInfo, Proposal } from '../../api/schemas.ts';
import { compareIds } from '../../lib/ids.ts';

export type GroupFilter = { by: 'all' } | { by: 'admin'; address: string } | { by: 'member'; address: string };

export const groupId = (g: GroupInfo) => g.id;
export const memberId = (m: GroupMember) => m.member.address;
export const policyId = (p: GroupPolicyInfo) => p.address;

const first = null as PageParam;

export const groupQueries = {
  all: (e: string) => ['api', e, 'groups'] as const,
  detail: (e: string, id: string) =>
    queryOptions({
      queryKey: [...groupQueries.all(e), 'detail', id],
      queryFn: ({ signal }) => getGroupInfo(e, id, { signal }),
    }),
  list: (e: string, f: GroupFilter) =>
    infiniteQueryOptions({
      queryKey: [...groupQueries.all(e), 'list', f],
      queryFn: ({ pageParam, signal }): Promise<Page<GroupInfo>> =>
        f.by === 'admin'
          ? getGroupsByAdmin(e, f.address, { param: pageParam, signal })
          : f.by === 'member'
            ? getGroupsByMember(e, f.address, { param: pageParam, signal })
            : getGroups(e, { param: pageParam, signal, limit: 25 }),
      initialPageParam: first,
      getNextPageParam: (_last, pages) => nextPageParam(pages, groupId),
    }),
  members: (e: string, id: string) =>
    infiniteQueryOptions({
      queryKey: [...groupQueries.all(e), 'members', id],
      queryFn: ({ pageParam, signal }) => getGroupMembers(e, id, { param: pageParam, signal, limit: 100 }),
      initialPageParam: first,
      getNextPageParam: (_last, pages) => nextPageParam(pages, memberId),
    }),
  policies: (e: string, id: string) =>
    infiniteQueryOptions({
      queryKey: [...groupQueries.all(e), 'policies', id],
      queryFn: ({ pageParam, signal }) => getGroupPoliciesByGroup(e, id, { param: pageParam, signal }),
      initialPageParam: first,
      getNextPageParam: (_last, pages) => nextPageParam(pages, policyId),
    }),
  /** The newest proposals of each of the group's policies (proposals are listed per policy on chain). */
  latestProposals: (e: string, id: string, perPolicy: number) =>
    queryOptions({
      queryKey: [...groupQueries.all(e), 'latest-proposals', id, perPolicy],
      queryFn: async ({ signal }): Promise<Proposal[]> => {
        const policies = await fetchAllPages(
          (p) => getGroupPoliciesByGroup(e, id, { param: p, limit: 100, signal }),
          policyId,
        );
        const lists = await Promise.all(
          policies.map(async (policy) => {
            const head = await getProposalsByGroupPolicy(e, policy.address, { param: null, limit: 1, signal });
            const offset = offsetOfLast(head.pagination.total, perPolicy);
            return (await getProposalsByGroupPolicy(e, policy.address, { param: { offset }, limit: perPolicy, signal }))
              .rows;
          }),
        );
        return lists.flat().sort((a, b) => compareIds(b.id, a.id));
      },
    }),
  policiesByAdmin: (e: string, admin: string) =>
    infiniteQueryOptions({
      queryKey: ['api', e, 'policies', 'by-admin', admin],
      queryFn: ({ pageParam, signal }) => getGroupPoliciesByAdmin(e, admin, { param: pageParam, signal }),
      initialPageParam: first,
      getNextPageParam: (_last, pages) => nextPageParam(pages, policyId),
    }),
};
