import { Stack, Tabs } from '@mantine/core';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { AddressText } from '../../components/address-text.tsx';
import { AppLink } from '../../components/app-link.tsx';
import { OptionBadge } from '../../components/badges.tsx';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { InvalidInput } from '../../components/invalid-input.tsx';
import { metadataName } from '../../components/metadata-text.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { groupId, groupQueries, type GroupFilter } from '../../features/groups/queries.ts';
import { PolicyList } from '../../features/policies/policy-list.tsx';
import { voteRowId } from '../../features/proposals/queries.ts';
import { ProposalTitle } from '../../features/votes/proposal-title.tsx';
import { voterQueries } from '../../features/votes/queries.ts';
import { checkAddress } from '../../lib/address.ts';
import { grouped } from '../../lib/format-number.ts';
import { useEndpoint } from '../endpoint.ts';
import { loaderEndpoint } from '../router.tsx';

function GroupsOf({ endpoint, filter, empty }: { endpoint: string; filter: GroupFilter; empty: string }) {
  const query = useInfiniteQuery(groupQueries.list(endpoint, filter));
  return (
    <InfiniteList
      label={filter.by === 'admin' ? 'Groups as admin' : 'Groups as member'}
      query={query}
      identity={groupId}
      noun="groups"
      empty={empty}
      columns={[
        { label: 'Group', width: '2fr' },
        { label: 'Total weight', width: '1fr' },
        { label: 'Version', width: '80px' },
      ]}
      renderRow={(g) => [
        <AppLink to={`/groups/${g.id}`} key="g">
          #{g.id} {metadataName(g.metadata, '')}
        </AppLink>,
        <span key="w">{grouped(g.total_weight)}</span>,
        <span key="v">{g.version}</span>,
      ]}
    />
  );
}

function AdminPolicies({ endpoint, admin }: { endpoint: string; admin: string }) {
  const query = useInfiniteQuery(groupQueries.policiesByAdmin(endpoint, admin));
  return <PolicyList label="Policies as admin" query={query} empty="Admin of no group policy." />;
}

/** The auditor's page: everything an address did and holds, across all groups. */
export function Component() {
  const e = useEndpoint();
  const raw = useParams().address ?? '';
  const check = checkAddress(raw);
  const address = check.ok ? check.address : '';
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') ?? 'votes';
  const votes = useInfiniteQuery({ ...voterQueries.votes(e, address), enabled: check.ok });
  if (!check.ok) return <InvalidInput title="Not an address" reason={check.reason} />;
  return (
    <Stack gap="lg">
      <PageTitle
        kicker={check.bytes === 32 ? 'Account (32 bytes: possibly a policy)' : 'Account'}
        title={<AddressText address={address} full />}
        docTitle="Voter"
      />
      {check.bytes === 32 && (
        <AppLink to={`/policies/${address}`} fz="sm">
          Open as a group policy
        </AppLink>
      )}
      <Tabs
        value={tab}
        onChange={(v) => {
          const n = new URLSearchParams(search);
          n.set('tab', v ?? 'votes');
          setSearch(n, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="votes">Votes</Tabs.Tab>
          <Tabs.Tab value="member">Groups as member</Tabs.Tab>
          <Tabs.Tab value="admin">Groups as admin</Tabs.Tab>
          <Tabs.Tab value="policies">Policies as admin</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="votes" pt="md">
          <InfiniteList
            label="Votes by this address"
            query={votes}
            identity={voteRowId}
            noun="votes"
            rowHeight={56}
            empty="No stored votes. Votes are kept only while a proposal is open (or withdrawn/aborted until its voting would have ended); once final, only its tally remains."
            columns={[
              { label: 'Proposal', width: '3fr' },
              { label: 'Option', width: '150px' },
              { label: 'Submitted', width: '1.4fr' },
            ]}
            renderRow={(v) => [
              <ProposalTitle endpoint={e} id={v.proposal_id} key="p" />,
              <AppLink
                to={`/proposals/${v.proposal_id}/votes/${v.voter}`}
                key="o"
                aria-label={`Vote on proposal ${v.proposal_id}`}
              >
                <OptionBadge option={v.option} />
              </AppLink>,
              <TimeText value={v.submit_time} key="t" />,
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="member" pt="md">
          <GroupsOf endpoint={e} filter={{ by: 'member', address }} empty="Not a member of any group." />
        </Tabs.Panel>
        <Tabs.Panel value="admin" pt="md">
          <GroupsOf endpoint={e} filter={{ by: 'admin', address }} empty="Admin of no group." />
        </Tabs.Panel>
        <Tabs.Panel value="policies" pt="md">
          <AdminPolicies endpoint={e} admin={address} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export const makeLoader = (qc: QueryClient) => (args: LoaderFunctionArgs) => {
  const c = checkAddress(args.params.address ?? '');
  if (c.ok) void qc.prefetchInfiniteQuery(voterQueries.votes(loaderEndpoint(args), c.address));
  return null;
};
