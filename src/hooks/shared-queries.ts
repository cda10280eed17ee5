import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';

import { archiveOpened, getArchiveStatus } from '../api/archive.ts';
import { getGroupInfo, getGroupPolicyInfo } from '../api/endpoints.ts';
import { UnsupportedError } from '../api/errors.ts';
import type { DenomUnit } from '../api/treasury/bank.ts';

// The queries more than one feature reads. Features never import each other, so these live a
// layer down: every reader uses the same key, so a group named in a proposal's facts, its messages
// and a list row is one request, not one per feature. Each key keeps its subject's prefix.

/** A group's record (name, admin, total weight); a null id (invalid, or not known yet) waits. */
export const groupInfoQuery = (endpoint: string, id: string | null) =>
  queryOptions({
    queryKey: ['api', endpoint, 'groups', 'detail', id],
    queryFn:
      id === null
        ? skipToken
        : ({ signal, client }) =>
            nodeOrArchivedGroups(
              client,
              endpoint,
              () => getGroupInfo(endpoint, id, { signal }),
              () =>
                import('../api/archive-groups.ts').then((archive) =>
                  archive.getArchivedGroupInfo(endpoint, id, { signal }),
                ),
            ),
  });

/** A group policy's record (its group, admin, decision policy); a null address waits. */
export const policyInfoQuery = (endpoint: string, address: string | null) =>
  queryOptions({
    queryKey: ['api', endpoint, 'policies', 'detail', address],
    queryFn:
      address === null
        ? skipToken
        : ({ signal, client }) =>
            nodeOrArchivedGroups(
              client,
              endpoint,
              () => getGroupPolicyInfo(endpoint, address, { signal }),
              () =>
                import('../api/archive-groups.ts').then((archive) =>
                  archive.getArchivedPolicyInfo(endpoint, address, { signal }),
                ),
            ),
  });

/** Whether the endpoint serves an archive, and which heights it covers. A 501 (no archive) is final, never retried. */
export const archiveStatusQuery = (endpoint: string) =>
  queryOptions({
    queryKey: ['api', endpoint, 'archive', 'status'],
    queryFn: ({ signal }) => getArchiveStatus(endpoint, { signal }),
    staleTime: 30_000,
  });

/** True once the endpoint's archive says an upgrade removed x/group from the chain; false without an archive. */
export async function groupModuleLeft(client: QueryClient, endpoint: string): Promise<boolean> {
  try {
    let status = await client.fetchQuery(archiveStatusQuery(endpoint));
    // An archive still opening does not know yet: its word is waited for, not taken as "present"
    // (a 501 is final, so a page asked meanwhile would say "no groups" for good).
    if (status.phase === 'starting') {
      await archiveOpened(endpoint);
      status = await client.fetchQuery({ ...archiveStatusQuery(endpoint), staleTime: 0 });
    }
    return status.group_module?.present === false;
  } catch {
    return false;
  }
}

/**
 * The node's answer for x/group; where the node answers 501 and the archive says the chain's
 * upgrade removed the module, the archive's record instead (its readers are loaded only then). A
 * 501 from a node without an archive, or whose archive says nothing of it, stays the error it is,
 * so a page still says honestly that the endpoint does not serve groups.
 */
export async function nodeOrArchivedGroups<T>(
  client: QueryClient,
  endpoint: string,
  fromNode: () => Promise<T>,
  fromArchive: () => Promise<T>,
): Promise<T> {
  try {
    return await fromNode();
  } catch (error) {
    if (!(error instanceof UnsupportedError) || !(await groupModuleLeft(client, endpoint))) throw error;
    return fromArchive();
  }
}

/**
 * The chain's denom display units (x/bank metadata), asked once per endpoint; a node that does not
 * serve them gives none, and amounts stay in base units rather than failing (asked again after a
 * minute, as the failure may have passed).
 */
export const denomUnitsQuery = (endpoint: string) =>
  queryOptions({
    queryKey: ['api', endpoint, 'bank', 'denom-units'],
    queryFn: ({ signal }) =>
      import('../api/treasury/bank.ts').then((bank) =>
        bank.getDenomUnits(endpoint, { signal }).catch((error: unknown) => {
          if (signal.aborted) throw error;
          return new Map<string, DenomUnit>();
        }),
      ),
    staleTime: (query) => ((query.state.data?.size ?? 0) > 0 ? Infinity : 60_000),
  });

/** What a policy holds now (its treasury): read again every half minute, as its proposals may spend it. */
export const policyBalancesQuery = (endpoint: string, address: string | null) =>
  queryOptions({
    queryKey: ['api', endpoint, 'policies', 'balances', address],
    queryFn:
      address === null
        ? skipToken
        : ({ signal }) =>
            import('../api/treasury/bank.ts').then((bank) => bank.getBalances(endpoint, address, { signal })),
    staleTime: 10_000,
    refetchInterval: 30_000,
    retry: 1,
  });
