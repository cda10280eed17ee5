import { infiniteQueryOptions, queryOptions, skipToken } from '@tanstack/react-query';

import {
  archivedProposalRowId,
  archivedVoteRowId,
  getArchivedProposal,
  getArchivedProposals,
  getArchivedVotes,
  getArchiveStatus,
  getArchiveUpgrades,
  getGroupHistory,
  getVoterRecord,
  groupEventRowId,
  type ProposalFilters,
  type VoterFilters,
} from '../../api/archive.ts';
import { getGroupInfo, getGroupPolicyInfo, getTally } from '../../api/endpoints.ts';
import { nextPageParam, type PageParam } from '../../api/pagination.ts';
import { pollWhileHealthy } from '../../api/polling.ts';

const firstPage = null as PageParam;

/** Every archive query: one key namespace per endpoint. A 501 (no archive) is final, never retried. */
export const archiveQueries = {
  all: (endpoint: string) => ['api', endpoint, 'archive'] as const,
  status: (endpoint: string) =>
    queryOptions({
      queryKey: [...archiveQueries.all(endpoint), 'status'],
      queryFn: ({ signal }) => getArchiveStatus(endpoint, { signal }),
      staleTime: 30_000,
    }),
  proposals: (endpoint: string, filters: ProposalFilters, enabled = true) =>
    infiniteQueryOptions({
      queryKey: [...archiveQueries.all(endpoint), 'proposals', filters],
      queryFn: enabled
        ? ({ pageParam, signal }) => getArchivedProposals(endpoint, filters, { param: pageParam, signal })
        : skipToken,
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, archivedProposalRowId),
    }),
  proposal: (endpoint: string, id: string | null) =>
    queryOptions({
      queryKey: [...archiveQueries.all(endpoint), 'proposal', id],
      queryFn: id === null ? skipToken : ({ signal }) => getArchivedProposal(endpoint, id, { signal }),
    }),
  votes: (endpoint: string, id: string, orderBy: 'time' | 'weight' | 'voter') =>
    infiniteQueryOptions({
      queryKey: [...archiveQueries.all(endpoint), 'votes', id, orderBy],
      queryFn: ({ pageParam, signal }) =>
        getArchivedVotes(
          endpoint,
          id,
          { order_by: orderBy, order: orderBy === 'weight' ? 'desc' : 'asc' },
          { param: pageParam, signal, limit: 100 },
        ),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, archivedVoteRowId),
    }),
  voter: (endpoint: string, address: string | null, filters: VoterFilters = {}) =>
    infiniteQueryOptions({
      queryKey: [...archiveQueries.all(endpoint), 'voter', address, filters],
      queryFn:
        address === null
          ? skipToken
          : ({ pageParam, signal }) =>
              getVoterRecord(endpoint, address, filters, { param: pageParam, signal, limit: 100 }),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, archivedVoteRowId),
    }),
  groupHistory: (endpoint: string, groupId: string | null) =>
    infiniteQueryOptions({
      queryKey: [...archiveQueries.all(endpoint), 'group-history', groupId],
      queryFn:
        groupId === null
          ? skipToken
          : ({ pageParam, signal }) => getGroupHistory(endpoint, groupId, { param: pageParam, signal, limit: 100 }),
      initialPageParam: firstPage,
      getNextPageParam: (_last, pages) => nextPageParam(pages, groupEventRowId),
    }),
  upgrades: (endpoint: string) =>
    queryOptions({
      queryKey: [...archiveQueries.all(endpoint), 'upgrades'],
      queryFn: ({ signal }) => getArchiveUpgrades(endpoint, { signal }),
      refetchInterval: pollWhileHealthy(10_000),
    }),
  /** A list row's live tally; `refreshMs` follows the chain's pace, never faster than a few seconds. */
  rowTally: (endpoint: string, id: string, refreshMs: number) =>
    queryOptions({
      queryKey: ['api', endpoint, 'proposals', 'row-tally', id],
      queryFn: ({ signal }) => getTally(endpoint, id, { signal }),
      refetchInterval: pollWhileHealthy(refreshMs),
      refetchIntervalInBackground: false,
    }),
  // The same keys (and answers) as the group and policy pages, so list rows share what they loaded.
  groupInfo: (endpoint: string, id: string | null) =>
    queryOptions({
      queryKey: ['api', endpoint, 'groups', 'detail', id],
      queryFn: id === null ? skipToken : ({ signal }) => getGroupInfo(endpoint, id, { signal }),
      staleTime: 30_000,
    }),
  policyInfo: (endpoint: string, address: string) =>
    queryOptions({
      queryKey: ['api', endpoint, 'policies', 'detail', address],
      queryFn: ({ signal }) => getGroupPolicyInfo(endpoint, address, { signal }),
      staleTime: 30_000,
    }),
};
