import { Stack, Tabs } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';

import { groupRowId, voteRowId } from '../api/row-ids.ts';
import { AddressText } from '../components/address-text.tsx';
import { AppLink } from '../components/app-link.tsx';
import { OptionBadge } from '../components/badges.tsx';
import { DecimalText } from '../components/decimal-text.tsx';
import { InfiniteList } from '../components/infinite-list.tsx';
import { InvalidInput } from '../components/invalid-input.tsx';
import { metadataName } from '../components/metadata-text.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { TimeText } from '../components/time-text.tsx';
import { ArchiveGate, NeedsArchive } from '../features/archive/archive-gate.tsx';
import { VoterRecord } from '../features/archive/voter-record.tsx';
import { GroupName } from '../features/groups/group-name.tsx';
import { groupQueries, type GroupFilter } from '../features/groups/queries.ts';
import { PolicyList } from '../features/policies/policy-list.tsx';
import { policyQueries } from '../features/policies/queries.ts';
import { ProposalTitle } from '../features/proposals/proposal-title.tsx';
import { voterQueries } from '../features/votes/queries.ts';
import { useEndpoint } from '../hooks/use-endpoint.ts';
import { checkAddress } from '../lib/address.ts';

function GroupsOf({ endpoint, filter, empty }: { endpoint: string; filter: GroupFilter; empty: string }) {
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

function AdminPolicies({ endpoint, admin }: { endpoint: string; admin: string }) {
  const query = useInfiniteQuery(policyQueries.byAdmin(endpoint, admin));
  return (
    <PolicyList
      label="Policies as admin"
      query={query}
      empty="Admin of no group policy."
      group={(groupId) => <GroupName endpoint={endpoint} groupId={groupId} link={false} />}
    />
  );
}

const STORED_ONLY =
  'Below are only the votes the chain still stores: those on proposals still open (votes are pruned once a ' +
  'proposal is final).';

const NO_VOTES =
  'No stored votes. Votes are kept only while a proposal is open (or withdrawn/aborted until its voting would ' +
  'have ended); once final, only its tally remains.';

/** The auditor's page: everything an address did and holds, across all groups. */
export function Component() {
  const endpoint = useEndpoint();
  const raw = useParams().address ?? '';
  const check = checkAddress(raw);
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') ?? 'votes';
  const votes = useInfiniteQuery(voterQueries.votes(endpoint, check.ok ? check.address : null));
  if (!check.ok) return <InvalidInput title="Not an address" reason={check.reason} />;
  const { address } = check;
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
        onChange={(value) => {
          const next = new URLSearchParams(search);
          next.set('tab', value ?? 'votes');
          setSearch(next, { replace: true });
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
          <ArchiveGate
            endpoint={endpoint}
            present={() => <VoterRecord endpoint={endpoint} address={address} />}
            absent={() => (
              <Stack gap="xs">
                <NeedsArchive what="The full voting record" instead={STORED_ONLY} />
                <InfiniteList
                  label="Votes by this address"
                  query={votes}
                  identity={voteRowId}
                  noun="votes"
                  rowHeight={56}
                  empty={NO_VOTES}
                  columns={[
                    {
                      label: 'Proposal',
                      width: 'minmax(200px, 3fr)',
                      cell: (vote) => <ProposalTitle endpoint={endpoint} id={vote.proposal_id} />,
                    },
                    { label: 'Option', width: '130px', cell: (vote) => <OptionBadge option={vote.option} /> },
                    {
                      label: 'Submitted',
                      wide: true,
                      width: 'minmax(150px, 1.4fr)',
                      cell: (vote) => <TimeText value={vote.submit_time} compact />,
                    },
                  ]}
                />
              </Stack>
            )}
          />
        </Tabs.Panel>
        <Tabs.Panel value="member" pt="md">
          <GroupsOf endpoint={endpoint} filter={{ by: 'member', address }} empty="Not a member of any group." />
        </Tabs.Panel>
        <Tabs.Panel value="admin" pt="md">
          <GroupsOf endpoint={endpoint} filter={{ by: 'admin', address }} empty="Admin of no group." />
        </Tabs.Panel>
        <Tabs.Panel value="policies" pt="md">
          <AdminPolicies endpoint={endpoint} admin={address} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
