import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';

import { PageTitle } from '../../components/page/page-title.tsx';
import { GroupFilterBar } from '../../features/groups/group-filter-bar.tsx';
import { groupFilterFrom } from '../../features/groups/group-filter.ts';
import { GroupList } from '../../features/groups/group-list.tsx';
import { useEndpoint } from '../../hooks/use-endpoint.ts';

export function Component() {
  const endpoint = useEndpoint();
  const [search] = useSearchParams();
  // An address that is not valid lists nothing: the filter bar says why.
  const { filter } = groupFilterFrom(search);
  return (
    <Stack>
      <PageTitle title="Groups" docTitle="Groups" />
      <GroupFilterBar />
      {filter !== null && <GroupList endpoint={endpoint} filter={filter} />}
    </Stack>
  );
}
