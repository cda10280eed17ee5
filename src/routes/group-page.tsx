import { Stack, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';

import { memberRowId } from '../api/row-ids.ts';
import { AddressText } from '../components/address-text.tsx';
import { InfiniteList } from '../components/infinite-list.tsx';
import { InvalidInput } from '../components/invalid-input.tsx';
import { metadataName } from '../components/metadata-text.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { ErrorState, LoadingBlock, StaleNote } from '../components/query-states.tsx';
import { TimeText } from '../components/time-text.tsx';
import { GroupInfoCard } from '../features/groups/group-info-card.tsx';
import { GroupProposals } from '../features/groups/group-proposals.tsx';
import { groupQueries } from '../features/groups/queries.ts';
import { PolicyList } from '../features/policies/policy-list.tsx';
import { policyQueries } from '../features/policies/queries.ts';
import { useEndpoint } from '../hooks/use-endpoint.ts';
import { percentOf } from '../lib/decimal.ts';
import { endpointOfRequest } from '../lib/endpoint.ts';
import { grouped } from '../lib/format-number.ts';
import { parseId } from '../lib/ids.ts';

export function Component() {
  const endpoint = useEndpoint();
  const raw = useParams().groupId ?? '';
  const id = parseId(raw);
  const info = useQuery(groupQueries.detail(endpoint, id));
  const members = useInfiniteQuery(groupQueries.members(endpoint, id));
  const policies = useInfiniteQuery(policyQueries.byGroup(endpoint, id));
  if (id === null)
    return (
      <InvalidInput
        title="Not a group id"
        reason={`"${raw}" is not a group id. Group ids are whole numbers, like 1 or 42.`}
      />
    );
  const total = info.data?.total_weight;
  return (
    <Stack gap="lg">
      <PageTitle
        kicker={`Group #${id}`}
        title={info.data ? metadataName(info.data.metadata, `Group ${id}`) : `Group ${id}`}
        docTitle={`Group ${id}`}
      />
      {info.isPending && <LoadingBlock label="Loading group" />}
      {info.isError && !info.data && (
        <ErrorState
          error={info.error}
          onRetry={() => void info.refetch()}
          what={`Group ${id}`}
          notFound="No group has this id on this chain. Groups are never deleted, so the id may be from another chain."
        />
      )}
      {info.isError && info.data && <StaleNote error={info.error} onRetry={() => void info.refetch()} />}
      {info.data && <GroupInfoCard group={info.data} />}
      {(info.data || info.isPending) && (
        <>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Members
            </Title>
            <InfiniteList
              label="Members"
              query={members}
              identity={memberRowId}
              noun="members"
              empty="This group has no members (the last one left)."
              rowHeight={56}
              columns={[
                { label: 'Address', width: '2fr' },
                { label: 'Weight', width: '1.6fr' },
                { label: 'Share', width: '90px' },
                { label: 'Added', width: '1.4fr' },
              ]}
              renderRow={({ member }) => {
                const share = total ? percentOf(member.weight, total) : null;
                return [
                  <AddressText address={member.address} to={`/voters/${member.address}`} key="a" />,
                  <span key="w" style={{ fontFamily: 'var(--mantine-font-family-monospace)' }} title={member.weight}>
                    {grouped(member.weight)}
                  </span>,
                  <span key="s">{share === null ? '—' : `${share}%`}</span>,
                  <TimeText value={member.added_at} key="t" />,
                ];
              }}
            />
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Latest proposals
            </Title>
            <GroupProposals endpoint={endpoint} groupId={id} />
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Policies
            </Title>
            <PolicyList
              label="Group policies"
              query={policies}
              empty="This group has no policies, so it cannot hold proposals."
            />
          </Stack>
        </>
      )}
    </Stack>
  );
}

export const makeLoader = (queryClient: QueryClient) => (args: LoaderFunctionArgs) => {
  const id = parseId(args.params.groupId ?? '');
  if (id !== null) {
    const endpoint = endpointOfRequest(args.request);
    void queryClient.prefetchQuery(groupQueries.detail(endpoint, id));
    void queryClient.prefetchInfiniteQuery(groupQueries.members(endpoint, id));
  }
  return null;
};
