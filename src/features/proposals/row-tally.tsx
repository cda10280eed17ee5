import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { TallyBar } from '../../components/tally-bar.tsx';
import { evaluatePolicy, readPolicy } from '../../domain/decision-policies.ts';
import { shareBase } from '../../domain/tally-share.ts';
import { useBlockPace } from '../../hooks/use-block-pace.ts';
import { archiveQueries } from './queries.ts';

/** A list refreshes its rows' tallies at most this often, however fast blocks come. */
const ROW_REFRESH_MS = 6000;

interface OpenRow {
  id: string;
  group_id: string | null;
  group_policy_address: string;
}

/**
 * The live tally of an open proposal in a list row, as a thin bar with the pass line at current
 * weights. Only rows on screen are drawn, so only they ask; group and policy are shared by rows.
 */
export function RowTally({ endpoint, row }: { endpoint: string; row: OpenRow }) {
  const pace = useBlockPace(endpoint);
  const tally = useQuery(archiveQueries.rowTally(endpoint, row.id, Math.max(pace, ROW_REFRESH_MS)));
  const group = useQuery(archiveQueries.groupInfo(endpoint, row.group_id));
  const policy = useQuery(archiveQueries.policyInfo(endpoint, row.group_policy_address));
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
  return <TallyBar tally={counts} base={base} line={evaluation?.line ?? null} compact />;
}
