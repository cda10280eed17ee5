import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';

import { getArchiveStatus, getGroupHistory, groupEventRowId } from '../api/archive.ts';
import { getGroupInfo, getGroupPolicyInfo } from '../api/endpoints.ts';
import { nextPageParam, type PageParam } from '../api/pagination.ts';

// The queries more than one feature reads. Features never import each other, so these live a
// layer down: every reader uses the same key, so a group named in a proposal's facts, its messages
// and a list row is one request, not one per feature. Each key keeps its subject's prefix.

const firstPage = null as PageParam;

/** A group's record (name, admin, total weight); a null id (invalid, or not known yet) waits. */
export const groupInfoQuery = (endpoint: string, id: string | null) =>
  queryOptions({
    queryKey: ['api', endpoint, 'groups', 'detail', id],
    queryFn: id === null ? skipToken : ({ signal }) => getGroupInfo(endpoint, id, { signal }),
  });

/** A group policy's record (its group, admin, decision policy); a null address waits. */
export const policyInfoQuery = (endpoint: string, address: string | null) =>
  queryOptions({
    queryKey: ['api', endpoint, 'policies', 'detail', address],
    queryFn: address === null ? skipToken : ({ signal }) => getGroupPolicyInfo(endpoint, address, { signal }),
  });

/**
 * Who joined and left a group and how weights changed, newest first (archive). The group page
 * lists it; a proposal's non-voters replay it to the tally's height.
 */
export const groupHistoryQuery = (endpoint: string, groupId: string | null) =>
  infiniteQueryOptions({
    queryKey: ['api', endpoint, 'groups', 'history', groupId],
    queryFn:
      groupId === null
        ? skipToken
        : ({ pageParam, signal }) => getGroupHistory(endpoint, groupId, { param: pageParam, signal, limit: 100 }),
    initialPageParam: firstPage,
    getNextPageParam: (_last, pages) => nextPageParam(pages, groupEventRowId),
  });

/** Whether the endpoint serves an archive, and which heights it covers. A 501 (no archive) is final, never retried. */
export const archiveStatusQuery = (endpoint: string) =>
  queryOptions({
    queryKey: ['api', endpoint, 'archive', 'status'],
    queryFn: ({ signal }) => getArchiveStatus(endpoint, { signal }),
    staleTime: 30_000,
  });
