import { useInfiniteQuery } from '@tanstack/react-query';

import { groupRowId } from '../../api/row-ids.ts';
import { InfiniteList } from '../../components/lists/infinite-list.tsx';
import { AppLink } from '../../components/page/app-link.tsx';
import { DecimalText } from '../../components/values/decimal-text.tsx';
import { metadataName } from '../../lib/text/metadata.ts';
import { groupQueries } from './queries.ts';

/** The groups an address administers, or is a member of. */
export function GroupsOfAddress({
  endpoint,
  filter,
  empty,
}: {
  endpoint: string;
  filter: { by: 'admin' | 'member'; address: string };
  empty: string;
}) {
  const query = useInfiniteQuery(groupQueries.list(endpoint, filter));
  return (
    <InfiniteList
      label={filter.by === 'admin' ? 'Groups as admin' : 'Groups as member'}
      query={query}
      identity={groupRowId}
      noun="groups"
      empty={empty}
      columns={[
        {
          label: 'Group',
          width: 'minmax(180px, 2fr)',
          cell: (group) => (
            <AppLink to={`/groups/${group.id}`}>
              #{group.id} {metadataName(group.metadata, '')}
            </AppLink>
          ),
        },
        {
          label: 'Total weight',
          width: 'minmax(90px, 1fr)',
          cell: (group) => <DecimalText value={group.total_weight} interactive={false} />,
        },
        { label: 'Version', width: '80px', cell: (group) => group.version },
      ]}
    />
  );
}
