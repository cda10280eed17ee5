import { queryOptions } from '@tanstack/react-query';
import { getGroupPoliciesByGroup, getGroups, getProposalsByGroupPolicy } from '../../api/endpoints.ts';
import type { Proposal } from '../../api/schemas.ts';

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
        const t = BigInt(total);
        const offset = t > BigInt(n) ? Number(t - BigInt(n)) : 0;
        const page = await getGroups(e, { param: { offset }, limit: n, signal });
        return [...page.rows].reverse();
      },
    }),
  /** Open proposals under one group's policies (first page of each policy). */
  openProposals: (e: string, groupId: string) =>
    queryOptions({
      queryKey: ['api', e, 'groups', 'open-proposals', groupId],
      queryFn: async ({ signal }): Promise<Proposal[]> => {
        const policies = await getGroupPoliciesByGroup(e, groupId, { param: null, limit: 20, signal });
        const lists = await Promise.all(policies.rows.map((p) => getProposalsByGroupPolicy(e, p.address, { param: null, limit: 100, signal })));
        return lists.flatMap((l) => l.rows).filter((p) => p.status === 'PROPOSAL_STATUS_SUBMITTED');
      },
    }),
};
