import { useQueries, useQuery } from '@tanstack/react-query';

import { isUndecided } from '../../domain/proposal-phase.ts';
import { compareIds } from '../../lib/chain/ids.ts';
import { compareTimes } from '../../lib/time.ts';
import { overviewQueries } from './overview-queries.ts';
import { groupQueries } from './queries.ts';

/** How many of the newest groups the overview lists, and looks in for open proposals without an archive. */
export const NEWEST_GROUPS = 8;

/** The count of groups, then the newest of them (read by offset from the end, so it waits for the count). */
export function useNewestGroups(endpoint: string) {
  const count = useQuery(overviewQueries.groupCount(endpoint));
  const recent = useQuery(overviewQueries.recentGroups(endpoint, count.data ?? null, NEWEST_GROUPS));
  // A count that failed with nothing read before (a later failed refresh keeps the last count).
  const noCount = count.isError && count.data === undefined;
  return { count, recent, noCount };
}

/** What useNewestGroups read, for the components that show it. */
export type NewestGroupsRead = ReturnType<typeof useNewestGroups>;

/**
 * The proposals open for voting in the newest groups, soonest to close first: what a node can tell
 * without an archive. Nothing waits on a read that failed: its error is shown instead of a skeleton.
 */
export function useOpenProposalsOfNewestGroups(
  endpoint: string,
  { recent, noCount }: NewestGroupsRead,
  /** False while an archive may answer instead: then nothing is read. */
  wanted: boolean,
) {
  // Open proposals are the newest of each policy, so the latest page of each is what to read.
  const latest = useQueries({
    queries: wanted ? (recent.data ?? []).map((group) => groupQueries.latestProposals(endpoint, group.id, 100)) : [],
  });
  const open = latest
    .flatMap((query, index) =>
      (query.data?.proposals ?? []).map((proposal) => ({ proposal, group: recent.data?.[index] })),
    )
    .filter(({ proposal }) => isUndecided(proposal.status))
    .sort(
      (a, b) =>
        compareTimes(a.proposal.voting_period_end, b.proposal.voting_period_end) ||
        compareIds(a.proposal.id, b.proposal.id),
    );
  const noRecent = noCount || (recent.isError && recent.data === undefined);
  const loading = (recent.isPending && !noCount) || latest.some((query) => query.isPending);
  const failed = latest.filter((query) => query.isError);
  return { open, noRecent, loading, failed };
}

export type OpenProposalsRead = ReturnType<typeof useOpenProposalsOfNewestGroups>;
