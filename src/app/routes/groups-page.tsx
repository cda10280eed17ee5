import { Group, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { AddressText } from '../../components/address-text.tsx';
import { AppLink } from '../../components/app-link.tsx';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { metadataName } from '../../components/metadata-text.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { groupId, groupQueries, type GroupFilter } from '../../features/groups/queries.ts';
import { checkAddress } from '../../lib/address.ts';
import { grouped } from '../../lib/format-number.ts';
import { useEndpoint } from '../endpoint.ts';
import { loaderEndpoint } from '../router.tsx';

function filterFrom(search: URLSearchParams): { filter: GroupFilter; error: string | null } {
  for (const by of ['admin', 'member'] as const) {
    const v = search.get(by);
    if (v !== null) {
      const c = checkAddress(v);
      return c.ok ? { filter: { by, address: c.address }, error: null } : { filter: { by: 'all' }, error: c.reason };
    }
  }
  return { filter: { by: 'all' }, error: null };
}

export function Component() {
  const e = useEndpoint();
  const [search, setSearch] = useSearchParams();
  const { filter, error } = filterFrom(search);
  const [mode, setMode] = useState<'all' | 'admin' | 'member'>(
    search.has('admin') ? 'admin' : search.has('member') ? 'member' : 'all',
  );
  const [input, setInput] = useState(search.get('admin') ?? search.get('member') ?? '');
  const query = useInfiniteQuery({ ...groupQueries.list(e, filter), enabled: error === null });

  const apply = (m: typeof mode, value: string) => {
    const next = new URLSearchParams(search);
    next.delete('admin');
    next.delete('member');
    if (m !== 'all' && value.trim()) next.set(m, value.trim());
    setSearch(next);
  };

  return (
    <Stack>
      <PageTitle title="Groups" docTitle="Groups" />
      <Group align="flex-end">
        <SegmentedControl
          value={mode}
          onChange={(v) => {
            setMode(v as typeof mode);
            if (v === 'all') apply('all', '');
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
      {error === null && (
        <InfiniteList
          label="Groups"
          query={query}
          identity={groupId}
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
          renderRow={(g) => [
            <AppLink to={`/groups/${g.id}`} key="id">
              #{g.id}
            </AppLink>,
            <AppLink to={`/groups/${g.id}`} key="n">
              {metadataName(g.metadata, `Group ${g.id}`)}
            </AppLink>,
            <AddressText address={g.admin} to={`/voters/${g.admin}`} key="a" />,
            <span key="w">{grouped(g.total_weight)}</span>,
            <TimeText value={g.created_at} key="c" />,
          ]}
        />
      )}
    </Stack>
  );
}

export const makeLoader = (qc: QueryClient) => (args: LoaderFunctionArgs) => {
  const { filter, error } = filterFrom(new URL(args.request.url).searchParams);
  if (!error) void qc.prefetchInfiniteQuery(groupQueries.list(loaderEndpoint(args), filter));
  return null;
};
