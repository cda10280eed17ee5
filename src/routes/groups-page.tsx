import { Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { groupRowId } from '../api/row-ids.ts';
import { AddressText } from '../components/address-text.tsx';
import { AppLink } from '../components/app-link.tsx';
import { InfiniteList } from '../components/infinite-list.tsx';
import { metadataName } from '../components/metadata-text.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { TimeText } from '../components/time-text.tsx';
import { groupQueries, type GroupFilter } from '../features/groups/queries.ts';
import { useEndpoint } from '../hooks/use-endpoint.ts';
import { checkAddress } from '../lib/address.ts';
import { endpointOfRequest } from '../lib/endpoint.ts';
import { grouped } from '../lib/format-number.ts';

/** The list's filter from ?admin= or ?member=; null with the reason when the address is not valid. */
function filterFrom(search: URLSearchParams): { filter: GroupFilter | null; error: string | null } {
  for (const by of ['admin', 'member'] as const) {
    const value = search.get(by);
    if (value !== null) {
      const check = checkAddress(value);
      return check.ok ? { filter: { by, address: check.address }, error: null } : { filter: null, error: check.reason };
    }
  }
  return { filter: { by: 'all' }, error: null };
}

export function Component() {
  const endpoint = useEndpoint();
  const [search, setSearch] = useSearchParams();
  const { filter, error } = filterFrom(search);
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
            { label: 'ID', width: '70px' },
            { label: 'Name', width: '2fr' },
            { label: 'Admin', width: '1.5fr' },
            { label: 'Total weight', width: '1fr' },
            { label: 'Created', width: '1.4fr' },
          ]}
          rowHeight={56}
          renderRow={(group) => [
            <AppLink to={`/groups/${group.id}`} key="id">
              #{group.id}
            </AppLink>,
            <AppLink to={`/groups/${group.id}`} key="n">
              {metadataName(group.metadata, `Group ${group.id}`)}
            </AppLink>,
            <AddressText address={group.admin} to={`/voters/${group.admin}`} key="a" />,
            <span key="w">{grouped(group.total_weight)}</span>,
            <TimeText value={group.created_at} key="c" />,
          ]}
        />
      )}
    </Stack>
  );
}

export const makeLoader = (queryClient: QueryClient) => (args: LoaderFunctionArgs) => {
  const { filter } = filterFrom(new URL(args.request.url).searchParams);
  if (filter !== null)
    void queryClient.prefetchInfiniteQuery(groupQueries.list(endpointOfRequest(args.request), filter));
  return null;
};
