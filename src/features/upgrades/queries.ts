import { queryOptions, skipToken } from '@tanstack/react-query';

import { getAppliedPlan, getCurrentPlan, getModuleVersions, getUpgradedConsensusState } from '../../api/endpoints.ts';
import { PAGE_REFRESH_MS, pollWhileHealthy } from '../../api/polling.ts';

export const upgradeQueries = {
  all: (endpoint: string) => ['api', endpoint, 'upgrades'] as const,
  moduleVersions: (endpoint: string) =>
    queryOptions({
      queryKey: [...upgradeQueries.all(endpoint), 'module-versions'],
      queryFn: ({ signal }) => getModuleVersions(endpoint, undefined, { signal }),
      refetchInterval: pollWhileHealthy(PAGE_REFRESH_MS),
    }),
  currentPlan: (endpoint: string) =>
    queryOptions({
      queryKey: [...upgradeQueries.all(endpoint), 'current-plan'],
      queryFn: ({ signal }) => getCurrentPlan(endpoint, { signal }),
      refetchInterval: pollWhileHealthy(PAGE_REFRESH_MS),
    }),
  appliedPlan: (endpoint: string, name: string) =>
    queryOptions({
      queryKey: [...upgradeQueries.all(endpoint), 'applied-plan', name],
      queryFn: ({ signal }) => getAppliedPlan(endpoint, name, { signal }),
    }),
  /** A null height (nothing valid entered yet) waits. */
  consensusState: (endpoint: string, height: string | null) =>
    queryOptions({
      queryKey: [...upgradeQueries.all(endpoint), 'consensus-state', height],
      queryFn: height === null ? skipToken : ({ signal }) => getUpgradedConsensusState(endpoint, height, { signal }),
    }),
};
