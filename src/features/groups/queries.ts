import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';

import {
  getGroupMembers,
  getGroupPoliciesByGroup,
  getGroups,
  getGroupsByAdmin,
  getGroupsByMember,
  getProposalsByGroupPolicy,
} from '../../api/endpoints.ts';
import { fetchAllPages, nextPageParam, offsetOfLast, type Page, type PageParam } from '../../api/pagination.ts';
import { PAGE_REFRESH_MS, pollWhileHealthy } from '../../api/polling.ts';
import { groupRowId, memberRowId, policyRowId } from '../../api/row-ids.ts';
import type { GroupInfo, GroupPolicyInfo, Proposal } from '../../api/schemas.ts';
import { groupInfoQuery, nodeOrArchivedGroups } from '../../hooks/shared-queries.ts';
import { compareIds } from '../../lib/chain/ids.ts';

export type GroupFilter = { by: 'all' } | { by: 'admin'; address: string } | { by: 'member'; address: string };

const firstPage = null as PageParam;

/** The archive's group readers: loaded only where a chain's upgrade removed x/group. */
const archiveGroups = () => import('../../api/archive-groups.ts');

// A null id or filter means the page's input is invalid: the query waits (skipToken). A group's
// own record and its history are in hooks/shared-queries.ts: other features read them too.
export const groupQueries = {
  all: (endpoint: string) => ['api', endpoint, 'groups'] as const,
  /** The group page's record, read again now and then: weights change without the reader doing anything. */
  polledInfo: (endpoint: string, id: string | null) =>
    queryOptions({ ...groupInfoQuery(endpoint, id), refetchInterval: pollWhileHealthy(PAGE_REFRESH_MS) }),
  list: (endpoint: string, filter: GroupFilter | null) =>
    infiniteQueryOptions({
      queryKey: [...groupQueries.all(endpoint), 'list', filter],
      queryFn:
        filter === null
          ? skipToken
          : ({ pageParam, signal, client }): Promise<Page<GroupInfo>> =>
              nodeOrArchivedGroups(
                client,
                endpoint,
                () =>
                  filter.by === 'admin'
                    ? getGroupsByAdmin(endpoint, filter.address, { param: pageParam, signal })
                    : filter.by === 'member'
                      ? getGroupsByMember(endpoint, filter.address, { param: pageParam, signal })
                      : getGroups(endpoint, { param: pageParam, signal, limit: 25 }),
                () =>
                  archiveGroups().then((archive) =>
                    archive.getArchivedGroups(endpoint, filter.by === 'all' ? {} : { [filter.by]: filter.address }, {
                      param: pageParam,
                      signal,
                      limit: 25,
                    }),
                  ),
              ),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, groupRowId),
    }),
  members: (endpoint: string, id: string | null) =>
    infiniteQueryOptions({
      queryKey: [...groupQueries.all(endpoint), 'members', id],
      queryFn:
        id === null
          ? skipToken
          : ({ pageParam, signal, client }) =>
              nodeOrArchivedGroups(
                client,
                endpoint,
                () => getGroupMembers(endpoint, id, { param: pageParam, signal, limit: 100 }),
                () =>
                  archiveGroups().then((archive) =>
                    archive.getArchivedMembers(endpoint, id, { param: pageParam, signal, limit: 100 }),
                  ),
              ),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, memberRowId),
    }),
  /**
   * The newest proposals of each of the group's policies (proposals are listed per policy on
   * chain), newest first, with the policies they belong to (for their names).
   */
  latestProposals: (endpoint: string, id: string, perPolicy: number) =>
    queryOptions({
      queryKey: [...groupQueries.all(endpoint), 'latest-proposals', id, perPolicy],
      queryFn: ({ signal, client }): Promise<LatestProposals> =>
        nodeOrArchivedGroups(
          client,
          endpoint,
          () => latestFromNode(endpoint, id, perPolicy, signal),
          () =>
            archiveGroups()
              .then((archive) => archive.getArchivedLatestProposals(endpoint, id, perPolicy, signal))
              .then((latest) => ({ ...latest, fromArchive: true })),
        ),
    }),
  /**
   * Whether the archive proves the group's members and policies complete, and at which state. A
   * server with no archive answers nothing here, once (no retries): its lists then say nothing of it.
   */
  archivedSets: (endpoint: string, id: string | null) =>
    queryOptions({
      queryKey: [...groupQueries.all(endpoint), 'archived-sets', id],
      queryFn:
        id === null
          ? skipToken
          : ({ signal }) =>
              import('../../api/archive-sets.ts').then((sets) => sets.getArchivedGroupSets(endpoint, id, { signal })),
      retry: false,
      refetchInterval: pollWhileHealthy(PAGE_REFRESH_MS),
    }),
};

/** A group's newest proposals, and its policies; `fromArchive` once the chain has no x/group. */
export interface LatestProposals {
  proposals: Proposal[];
  policies: GroupPolicyInfo[];
  fromArchive: boolean;
}

async function latestFromNode(
  endpoint: string,
  id: string,
  perPolicy: number,
  signal: AbortSignal,
): Promise<LatestProposals> {
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
  return { proposals: lists.flat().sort((a, b) => compareIds(b.id, a.id)), policies, fromArchive: false };
}
