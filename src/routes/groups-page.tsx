import { Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { groupRowId } from '../api/row-ids.ts';
import { AddressText } from '../components/address-text.tsx';
import { AppLink } from '../components/app-link.tsx';
import { DecimalText } from '../components/decimal-text.tsx';
import { IdText } from '../components/id-text.tsx';
import { InfiniteList } from '../components/infinite-list.tsx';
import { metadataName } from '../components/metadata-text.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { TimeText } from '../components/time-text.tsx';
import { groupFilterFrom, groupQueries } from '../features/groups/queries.ts';
import { useEndpoint } from '../hooks/use-endpoint.ts';

export function Component() {
  const endpoint = useEndpoint();
  const [search, setSearch] = useSearchParams();
  const { filter, error } = groupFilterFrom(search);
  const [mode, setMode] = useState<'all' | 'admin' | 'member'>(
    search.has('admin') ? 'admin' : search.has('member') ? 'member' : 'all',
  );
  const [input, setInput] = useState(search.get('admin') ?? search.get('member') ?? '');
  const query = useInfiniteQuery(groupQueries.list(endpoint, filter));

  const apply = (by: typeof mode, value: string) => {
    const next = new URLSearchParams(search);
    next.delete('admin');
    next.delete('member');
    if (by !== 'all' && value.trim()) next.set(by, value.trim());
    setSearch(next);
  };

  return (
    <Stack>
      <PageTitle title="Groups" docTitle="Groups" />
      <Group align="flex-end">
        <SegmentedControl
          value={mode}
          onChange={(value) => {
            setMode(value as typeof mode);
            if (value === 'all') apply('all', '');
          }}
          data={[
            { label: 'All groups', value: 'all' },
            { label: 'By admin', value: 'admin' },
            { label: 'By member', value: 'member' },
          ]}
          aria-label="Filter groups"
        />
        {mode !== 'all' && (
          <form
            onSubmit={(ev) => {
              ev.preventDefault();
              apply(mode, input);
            }}
            style={{ flex: 1, minWidth: 280 }}
          >
            <TextInput
              label={mode === 'admin' ? 'Admin address' : 'Member address'}
              placeholder="cosmos1…"
              value={input}
              onChange={(ev) => setInput(ev.currentTarget.value)}
              error={error}
            />
          </form>
        )}
      </Group>
      {filter !== null && (
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
                  <IdText id={group.id} /> {metadataName(group.metadata, `Group ${group.id}`)}
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
      )}
    </Stack>
  );
}
