import { infiniteQueryOptions, skipToken } from '@tanstack/react-query';

import { getGroupPoliciesByAdmin, getGroupPoliciesByGroup, getProposalsByGroupPolicy } from '../../api/endpoints.ts';
import { nextPageParam, type PageParam } from '../../api/pagination.ts';
import { policyRowId, proposalRowId } from '../../api/row-ids.ts';
import { nodeOrArchivedGroups } from '../../hooks/shared-queries.ts';

const firstPage = null as PageParam;

/** The archive's group readers: loaded only where a chain's upgrade removed x/group. */
const archiveGroups = () => import('../../api/archive-groups.ts');

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
          : ({ pageParam, signal, client }) =>
              nodeOrArchivedGroups(
                client,
                endpoint,
                () => getGroupPoliciesByGroup(endpoint, groupId, { param: pageParam, signal }),
                () =>
                  archiveGroups().then((archive) =>
                    archive.getArchivedPoliciesOfGroup(endpoint, groupId, { param: pageParam, signal }),
                  ),
              ),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, policyRowId),
    }),
  byAdmin: (endpoint: string, admin: string) =>
    infiniteQueryOptions({
      queryKey: [...policyQueries.all(endpoint), 'by-admin', admin],
      queryFn: ({ pageParam, signal, client }) =>
        nodeOrArchivedGroups(
          client,
          endpoint,
          () => getGroupPoliciesByAdmin(endpoint, admin, { param: pageParam, signal }),
          () =>
            archiveGroups().then((archive) =>
              archive.getArchivedPoliciesByAdmin(endpoint, admin, { param: pageParam, signal }),
            ),
        ),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, policyRowId),
    }),
  proposals: (endpoint: string, address: string | null) =>
    infiniteQueryOptions({
      queryKey: [...policyQueries.all(endpoint), 'proposals', address],
      queryFn:
        address === null
          ? skipToken
          : ({ pageParam, signal, client }) =>
              nodeOrArchivedGroups(
                client,
                endpoint,
                () => getProposalsByGroupPolicy(endpoint, address, { param: pageParam, signal }),
                // Oldest first, as the node lists them; pruned ones included, as the archive kept them.
                () =>
                  archiveGroups().then((archive) =>
                    archive.getArchivedProposalsAsNode(
                      endpoint,
                      { group_policy_address: address, order: 'asc' },
                      { param: pageParam, signal },
                    ),
                  ),
              ),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, proposalRowId),
    }),
};
