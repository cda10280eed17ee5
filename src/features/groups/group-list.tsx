import { useInfiniteQuery } from '@tanstack/react-query';

import { groupRowId } from '../../api/row-ids.ts';
import { InfiniteList } from '../../components/lists/infinite-list.tsx';
import { AppLink } from '../../components/page/app-link.tsx';
import { AddressText } from '../../components/values/address-text.tsx';
import { DecimalText } from '../../components/values/decimal-text.tsx';
import { IdText } from '../../components/values/id-text.tsx';
import { TimeText } from '../../components/values/time-text.tsx';
import { linkedNameWords, metadataName } from '../../lib/text/metadata.ts';
import { groupQueries, type GroupFilter } from './queries.ts';

/** The groups list: each group by name, with its admin, total weight and creation time. */
export function GroupList({ endpoint, filter }: { endpoint: string; filter: GroupFilter }) {
  const query = useInfiniteQuery(groupQueries.list(endpoint, filter));
  return (
    <InfiniteList
      label="Groups"
      query={query}
      identity={groupRowId}
      noun="groups"
      empty={filter.by === 'all' ? 'This chain has no groups yet.' : `No groups with this ${filter.by}.`}
      columns={[
        {
          label: 'Group',
          width: 'minmax(180px, 2fr)',
          cell: (group) => (
            <AppLink to={`/groups/${group.id}`}>
              <IdText id={group.id} /> {metadataName(group.metadata, linkedNameWords(group.metadata) || '(no name)')}
            </AppLink>
          ),
        },
        {
          label: 'Admin',
          wide: true,
          width: 'minmax(150px, 1.5fr)',
          cell: (group) => <AddressText address={group.admin} copy={false} />,
        },
        {
          label: 'Total weight',
          width: 'minmax(90px, 1fr)',
          cell: (group) => <DecimalText value={group.total_weight} interactive={false} />,
        },
        {
          label: 'Created',
          wide: true,
          width: 'minmax(150px, 1.4fr)',
          cell: (group) => <TimeText value={group.created_at} compact />,
        },
      ]}
      rowHeight={48}
    />
  );
}
