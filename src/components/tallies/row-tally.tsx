import { Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { getTally } from '../../api/endpoints.ts';
import { pollWhileHealthy } from '../../api/polling.ts';
import { evaluatePolicy, readPolicy } from '../../domain/decision-policies.ts';
import { shareBase } from '../../domain/tally-share.ts';
import { openTallyWords } from '../../domain/tally-words.ts';
import { groupInfoQuery, policyInfoQuery } from '../../hooks/shared-queries.ts';
import { useBlockPace } from '../../hooks/time/use-block-pace.ts';
import { TallyBar } from './tally-bar.tsx';

/** A list refreshes its rows' tallies at most this often, however fast blocks come. */
const ROW_REFRESH_MS = 6000;
/** Rows read a group's or policy's record again after this long at most (it rarely changes). */
const ROW_RECORD_STALE_MS = 30_000;

/** A row's live tally, under the proposals' keys; `refreshMs` follows the chain's pace, never faster than a few seconds. */
const rowTallyQuery = (endpoint: string, id: string, refreshMs: number) =>
  queryOptions({
    queryKey: ['api', endpoint, 'proposals', 'row-tally', id],
    queryFn: ({ signal }) => getTally(endpoint, id, { signal }),
    refetchInterval: pollWhileHealthy(refreshMs),
    refetchIntervalInBackground: false,
  });

interface OpenRow {
  id: string;
  group_id: string | null;
  group_policy_address: string;
}

/**
 * The live tally of an open proposal in a list row, in words and numbers ("Yes 4 of 6 · 1 more
 * needed") over a thin bar with the pass line at current weights. Only rows on screen are drawn, so only they ask; group and policy are shared by rows.
 */
export function RowTally({ endpoint, row }: { endpoint: string; row: OpenRow }) {
  const pace = useBlockPace(endpoint);
  const tally = useQuery(rowTallyQuery(endpoint, row.id, Math.max(pace, ROW_REFRESH_MS)));
  // The group and policy pages' own answers, shared; rows ask again less often than those pages.
  const group = useQuery({ ...groupInfoQuery(endpoint, row.group_id), staleTime: ROW_RECORD_STALE_MS });
  const policy = useQuery({ ...policyInfoQuery(endpoint, row.group_policy_address), staleTime: ROW_RECORD_STALE_MS });
  // The chain may have decided (and pruned) it since the list was read: the row's outcome follows.
  if (tally.isError)
    return (
      <Text span fz="xs" c="dimmed">
        no live tally
      </Text>
    );
  const counts = tally.data?.tally;
  if (!counts) return null;
  const total = group.data?.total_weight;
  const base = shareBase(counts, total);
  const evaluation =
    policy.data && total !== undefined ? evaluatePolicy(readPolicy(policy.data.decision_policy), counts, total) : null;
  return (
    <div>
      <Text span fz="xs" display="block" data-testid="row-tally-words">
        {openTallyWords(
          counts,
          total,
          evaluation && { yes_needed: evaluation.needed.toFixed(), outcome: evaluation.outcome },
        )}
      </Text>
      <TallyBar tally={counts} base={base} line={evaluation?.line ?? null} compact />
    </div>
  );
}
