import { queryOptions } from '@tanstack/react-query';

import { getArchiveUpgrades } from '../../api/archive-upgrades.ts';
import { pollWhileHealthy } from '../../api/polling.ts';
import { upgradeQueries } from './queries.ts';

// Apart from queries.ts, which the route loaders import: this loads with the upgrades page.

/** Upgrades as the archive saw them: applied plans, the scheduled one, module versions since when. */
export const archivedUpgradeQueries = {
  all: (endpoint: string) => [...upgradeQueries.all(endpoint), 'archive'] as const,
  history: (endpoint: string) =>
    queryOptions({
      queryKey: [...archivedUpgradeQueries.all(endpoint), 'history'],
      queryFn: ({ signal }) => getArchiveUpgrades(endpoint, { signal }),
      refetchInterval: pollWhileHealthy(10_000),
    }),
};
