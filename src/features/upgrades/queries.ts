import { queryOptions } from '@tanstack/react-query';

import { getAppliedPlan, getCurrentPlan, getModuleVersions, getUpgradedConsensusState } from '../../api/endpoints.ts';

export const upgradeQueries = {
  all: (e: string) => ['api', e, 'upgrades'] as const,
  moduleVersions: (e: string) =>
    queryOptions({
      queryKey: [...upgradeQueries.all(e), 'module-versions'],
      queryFn: ({ signal }) => getModuleVersions(e, undefined, { signal }),
    }),
  currentPlan: (e: string) =>
    queryOptions({
      queryKey: [...upgradeQueries.all(e), 'current-plan'],
      queryFn: ({ signal }) => getCurrentPlan(e, { signal }),
    }),
  appliedPlan: (e: string, name: string) =>
    queryOptions({
      queryKey: [...upgradeQueries.all(e), 'applied-plan', name],
      queryFn: ({ signal }) => getAppliedPlan(e, name, { signal }),
    }),
  consensusState: (e: string, height: string) =>
    queryOptions({
      queryKey: [...upgradeQueries.all(e), 'consensus-state', height],
      queryFn: ({ signal }) => getUpgradedConsensusState(e, height, { signal }),
    }),
};
