import { Table, Text } from '@mantine/core';
import { useInfiniteQuery, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';

import type { GroupEvent } from '../../api/archive-records.ts';
import { LoadingBlock } from '../../components/states/query-states.tsx';
import { AddressText } from '../../components/values/address-text.tsx';
import { DecimalText } from '../../components/values/decimal-text.tsx';
import { groupHistoryQuery } from '../../hooks/group-history-query.ts';
import { compareDecimals } from '../../lib/decimal.ts';
import { grouped } from '../../lib/format-number.ts';
import { archivedVoteQueries } from './archive-queries.ts';

const MAX_PAGES = 50;

/** Reads every page of a list (bounded), for views that need the whole of it. */
function useWholeList(query: UseInfiniteQueryResult<unknown>, pages: number) {
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError && pages < MAX_PAGES) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage, pages]);
  return !hasNextPage || pages >= MAX_PAGES;
}

/** The members of a group and their weights at a height, replayed from the archive's history. */
export function membersAt(events: GroupEvent[], height: bigint): Map<string, string> {
  const members = new Map<string, string>();
  // The archive answers newest first; replay oldest first (the sort is stable within a height).
  const ordered = [...events].reverse().sort((a, b) => (BigInt(a.height ?? '0') < BigInt(b.height ?? '0') ? -1 : 1));
  for (const event of ordered) {
    if (event.height === null || BigInt(event.height) > height || event.address === null) continue;
    if (event.kind === 'member_removed') members.delete(event.address);
    else if (['member_added', 'member_known', 'weight_changed'].includes(event.kind) && event.new_value !== null)
      members.set(event.address, event.new_value);
  }
  return members;
}

/** Members who could have voted (members when the tally was made) and did not, with their weights then. */
export function NonVoters({
  endpoint,
  id,
  groupId,
  height,
}: {
  endpoint: string;
  id: string;
  groupId: string;
  height: string;
}) {
  const history = useInfiniteQuery(groupHistoryQuery(endpoint, groupId));
  const votes = useInfiniteQuery(archivedVoteQueries.byProposal(endpoint, id, 'time'));
  const historyDone = useWholeList(history, history.data?.pages.length ?? 0);
  const votesDone = useWholeList(votes, votes.data?.pages.length ?? 0);
  if (history.isError || votes.isError) return null;
  if (!history.data || !votes.data || !historyDone || !votesDone)
    return <LoadingBlock rows={2} label="Loading the members who did not vote" />;
  const voters = new Set(votes.data.pages.flatMap((page) => page.rows.map((vote) => vote.voter)));
  const members = membersAt(
    history.data.pages.flatMap((page) => page.rows),
    BigInt(height),
  );
  const absent = [...members].filter(([address]) => !voters.has(address)).sort((a, b) => compareDecimals(b[1], a[1]));
  if (absent.length === 0) return <Text fz="sm">Every member at height {grouped(height)} voted.</Text>;
  return (
    <Table data-testid="non-voters">
      <Table.Caption>
        Members at height {grouped(height)} (when the tally was made) who did not vote: {absent.length}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Member</Table.Th>
          <Table.Th>Weight then</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {absent.map(([address, weight]) => (
          <Table.Tr key={address}>
            <Table.Td>
              <AddressText address={address} to={`/voters/${address}`} copy={false} />
            </Table.Td>
            <Table.Td>
              <DecimalText value={weight} exact interactive={false} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
