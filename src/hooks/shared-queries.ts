import { queryOptions, skipToken } from '@tanstack/react-query';

import { getArchiveStatus } from '../api/archive.ts';
import { getGroupInfo, getGroupPolicyInfo } from '../api/endpoints.ts';

// The queries more than one feature reads. Features never import each other, so these live a
// layer down: every reader uses the same key, so a group named in a proposal's facts, its messages
// and a list row is one request, not one per feature. Each key keeps its subject's prefix.

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

/** Whether the endpoint serves an archive, and which heights it covers. A 501 (no archive) is final, never retried. */
export const archiveStatusQuery = (endpoint: string) =>
  queryOptions({
    queryKey: ['api', endpoint, 'archive', 'status'],
    queryFn: ({ signal }) => getArchiveStatus(endpoint, { signal }),
    staleTime: 30_000,
  });
