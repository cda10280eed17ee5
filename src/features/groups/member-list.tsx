import { Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';

import { memberRowId } from '../../api/row-ids.ts';
import type { GroupMember } from '../../api/schemas.ts';
import { InfiniteList, type ListView } from '../../components/lists/infinite-list.tsx';
import { ListToolbar, type SortChoice } from '../../components/lists/list-toolbar.tsx';
import { AddressText } from '../../components/values/address-text.tsx';
import { DecimalText } from '../../components/values/decimal-text.tsx';
import { ShareOf } from '../../components/values/share-of.tsx';
import { TimeText } from '../../components/values/time-text.tsx';
import { useUrlState } from '../../hooks/use-url-state.ts';
import { compareDecimals } from '../../lib/decimal.ts';
import { labelText } from '../../lib/text/hostile-text.ts';
import { compareTimes } from '../../lib/time.ts';
import { groupQueries } from './queries.ts';

type MemberSort = 'chain' | 'weight' | 'time' | 'address';
const SORTS: readonly SortChoice<MemberSort>[] = [
  { value: 'chain', label: 'Chain order' },
  { value: 'weight', label: 'Weight, largest first' },
  { value: 'time', label: 'Newest member first' },
  { value: 'address', label: 'Address, A to Z' },
];

const COMPARE: Record<MemberSort, ((a: GroupMember, b: GroupMember) => number) | undefined> = {
  chain: undefined,
  weight: (a, b) => compareDecimals(b.member.weight, a.member.weight),
  time: (a, b) => compareTimes(b.member.added_at, a.member.added_at),
  address: (a, b) => (a.member.address < b.member.address ? -1 : a.member.address > b.member.address ? 1 : 0),
};

/** A group's members with weight and share; sorting and address search apply to all of them. */
export function MemberList({
  endpoint,
  groupId,
  totalWeight,
}: {
  endpoint: string;
  groupId: string;
  totalWeight?: string;
}) {
  const query = useInfiniteQuery(groupQueries.members(endpoint, groupId));
  const [sort, setSort] = useUrlState<MemberSort>(
    'sort',
    'chain',
    SORTS.map((choice) => choice.value),
  );
  const [search, setSearch] = useUrlState<string>('member', '');
  const [exact, setExact] = useState(false);
  const view = useMemo((): ListView<GroupMember> => {
    const needs = [
      sort !== 'chain' && `sort them (${SORTS.find((choice) => choice.value === sort)?.label.toLowerCase()})`,
      search !== '' && 'find the address',
    ].filter(Boolean);
    return {
      filter: search === '' ? undefined : (row) => row.member.address.includes(search),
      compare: COMPARE[sort],
      wholeListReason: needs.length > 0 ? needs.join(' and ') : null,
    };
  }, [sort, search]);
  return (
    <InfiniteList
      label="Members"
      query={query}
      identity={memberRowId}
      noun="members"
      empty={search ? 'No member address contains this.' : 'This group has no members (the last one left).'}
      rowHeight={48}
      view={view}
      toolbar={
        <ListToolbar
          sort={sort}
          sorts={SORTS}
          onSort={setSort}
          search={search}
          onSearch={setSearch}
          searchLabel="Find a member"
          exact={exact}
          onExact={setExact}
        />
      }
      columns={[
        {
          label: 'Address',
          width: 'minmax(150px, 1.6fr)',
          cell: ({ member }) => <AddressText address={member.address} to={`/voters/${member.address}`} copy={false} />,
        },
        {
          label: 'Weight',
          width: 'minmax(80px, 1fr)',
          cell: ({ member }) => <DecimalText value={member.weight} exact={exact} interactive={false} />,
        },
        {
          label: 'Share',
          width: '100px',
          cell: ({ member }) => <ShareOf part={member.weight} whole={totalWeight || undefined} />,
        },
        {
          label: 'Added',
          wide: true,
          width: 'minmax(150px, 1.2fr)',
          cell: ({ member }) => <TimeText value={member.added_at} compact />,
        },
        {
          label: 'Metadata',
          width: '1fr',
          cell: ({ member }) =>
            labelText(member.metadata, 200) || (
              <Text span fz="sm" c="dimmed">
                none
              </Text>
            ),
        },
      ]}
    />
  );
}
