import { Alert, Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { ListRows } from '../../components/lists/list-rows.tsx';
import { EmptyState, ErrorState } from '../../components/states/query-states.tsx';
import { useNow } from '../../hooks/time/use-now.ts';
import { compareIds } from '../../lib/chain/ids.ts';
import { compareTimes, instant } from '../../lib/time.ts';
import { filtersFromSearch, ProposalFilterBar } from './archive-proposals.tsx';
import { useProposalWalk } from './node-walk.ts';
import { proposalColumns, type ProposalRow } from './proposal-rows.tsx';

const FIRST_CAP = 20;

/** Proposals read from a node without an archive: group by group, with progress and a cap to lift. */
export function WalkedProposals({ endpoint }: { endpoint: string }) {
  const [cap, setCap] = useState(FIRST_CAP);
  const [attempt, setAttempt] = useState(0);
  const walk = useProposalWalk(endpoint, cap, attempt);
  const [search] = useSearchParams();
  const filters = filtersFromSearch(search);
  const now = useNow(15_000);
  const rows = useMemo(() => {
    const kept = walk.rows.filter(
      (row) =>
        (!filters.status || row.status === filters.status) &&
        (!filters.group_id || row.group_id === filters.group_id) &&
        (!filters.group_policy_address || row.group_policy_address === filters.group_policy_address) &&
        (!filters.voting_open ||
          (row.status === 'PROPOSAL_STATUS_SUBMITTED' && (instant(row.voting_period_end ?? '')?.getTime() ?? 0) > now)),
    );
    const byEnd = (a: ProposalRow, b: ProposalRow) =>
      compareTimes(a.voting_period_end ?? '', b.voting_period_end ?? '') || compareIds(a.id, b.id);
    return kept.sort(filters.order_by === 'voting_period_end' ? byEnd : (a, b) => compareIds(b.id, a.id));
  }, [
    walk.rows,
    filters.status,
    filters.group_id,
    filters.group_policy_address,
    filters.voting_open,
    filters.order_by,
    now,
  ]);
  const total = walk.groupsTotal;
  const capped = total !== null && total > cap;
  return (
    <Stack gap="xs">
      <ProposalFilterBar words={false} />
      <Box role="status" data-testid="walk-progress">
        <Text fz="sm">
          {total === null
            ? 'Listing groups…'
            : `Read ${walk.groupsRead} of ${total} groups${capped ? `, newest first, stopping at ${cap}` : ''} · ` +
              `${rows.length} of ${walk.rows.length} proposals shown`}
        </Text>
        {total !== null && !walk.done && (
          <Progress value={(100 * walk.groupsRead) / Math.max(1, Math.min(total, cap))} aria-hidden mt={4} />
        )}
      </Box>
      {capped && walk.done && (
        <Group gap="xs">
          <Text fz="sm">Older groups were not read, to spare the node.</Text>
          <Button size="xs" variant="light" onClick={() => setCap(total)}>
            Read all {total} groups
          </Button>
        </Group>
      )}
      <Alert color="blue" variant="light" title="Proposals stored on the node only">
        This endpoint has no archive, so executed proposals, and others 14 days after voting ends, are gone; text search
        needs the archive. Run Polity with its archive (the default) or open an endpoint that has one.
      </Alert>
      {walk.error !== null && (
        <ErrorState error={walk.error} what="Proposals" onRetry={() => setAttempt((n) => n + 1)} />
      )}
      {rows.length === 0 ? (
        walk.done ? (
          <EmptyState>No stored proposal matches these filters in the groups read.</EmptyState>
        ) : null
      ) : (
        <ListRows
          rows={rows}
          columns={proposalColumns(now, endpoint)}
          identity={(row) => row.id}
          label="Proposals"
          rowCount={rows.length}
          rowHeight={56}
          onKeyboardFocus={() => undefined}
        />
      )}
    </Stack>
  );
}
