import { Group, Stack, Tabs } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';

import { voterFeedUrl } from '../../api/archive-feeds.ts';
import { AppLink } from '../../components/page/app-link.tsx';
import { FeedLink } from '../../components/page/feed-link.tsx';
import { PageTitle } from '../../components/page/page-title.tsx';
import { ArchiveGate } from '../../components/states/archive-gate.tsx';
import { InvalidInput } from '../../components/states/invalid-input.tsx';
import { LoadingBlock } from '../../components/states/query-states.tsx';
import { AddressText } from '../../components/values/address-text.tsx';
import { WrongChainAddress } from '../../components/values/wrong-chain-address.tsx';
import { FollowButton } from '../../features/following/follow-button.tsx';
import { GroupName } from '../../features/groups/group-name.tsx';
import { GroupsOfAddress } from '../../features/groups/groups-of-address.tsx';
import { KeyOnOtherChains } from '../../features/inbox/key-on-other-chains.tsx';
import { AdminPolicies } from '../../features/policies/admin-policies.tsx';
import { ProposalTitle } from '../../features/proposals/proposal-title.tsx';
import { voteQueries } from '../../features/votes/queries.ts';
import { StoredVotes } from '../../features/votes/stored-votes.tsx';
import { VoterRecord } from '../../features/votes/voter-record.tsx';
import { archiveStatusQuery } from '../../hooks/shared-queries.ts';
import { useAddressOnChain } from '../../hooks/use-address-on-chain.ts';
import { useEndpoint } from '../../hooks/use-endpoint.ts';
import { shortAddress } from '../../lib/chain/short-address.ts';

// The proof panel and the verifier it starts (in a worker) load with the votes tab only.
const ProofPanel = lazy(() =>
  import('../../features/proofs/proof-panel.tsx').then((module) => ({ default: module.ProofPanel })),
);

/** The auditor's page: everything an address did and holds, across all groups. */
export function Component() {
  const endpoint = useEndpoint();
  const raw = useParams().address ?? '';
  const check = useAddressOnChain(raw, endpoint);
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') ?? 'votes';
  const votes = useInfiniteQuery(voteQueries.byVoter(endpoint, check.ok ? check.address : null));
  // The inbox and the feed are the archive's: offered once its status answers.
  const archived = useQuery(archiveStatusQuery(endpoint)).data !== undefined;
  if (!check.ok && check.otherChain)
    return <WrongChainAddress other={check.otherChain} page={(address) => `/voters/${address}`} />;
  if (!check.ok) return <InvalidInput title="Not an address" reason={check.reason} />;
  const { address } = check;
  return (
    <Stack gap="lg">
      <PageTitle
        kicker={check.bytes === 32 ? 'Account (32 bytes: possibly a policy)' : 'Account'}
        title={<AddressText address={address} full />}
        docTitle={`Voter ${shortAddress(address)}`}
        right={
          archived && (
            <Group gap="md">
              <AppLink to={`/inbox/${address}`} fz="sm">
                Inbox: what waits for its vote
              </AppLink>
              <FeedLink endpoint={endpoint} href={voterFeedUrl(endpoint, address)} title={`Votes of ${address}`} />
              <FollowButton endpoint={endpoint} target={{ kind: 'voter', id: address, name: address }} />
            </Group>
          )
        }
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
            present={() => (
              <VoterRecord
                endpoint={endpoint}
                address={address}
                proof={
                  <Suspense fallback={<LoadingBlock label="Loading the proof panel" rows={2} />}>
                    <ProofPanel
                      endpoint={endpoint}
                      subject={{ kind: 'voter', address }}
                      what="this address's votes"
                      held
                    />
                  </Suspense>
                }
              />
            )}
            absent={() => (
              <StoredVotes query={votes} proposal={(id) => <ProposalTitle endpoint={endpoint} id={id} />} />
            )}
          />
        </Tabs.Panel>
        <Tabs.Panel value="member" pt="md">
          <GroupsOfAddress endpoint={endpoint} filter={{ by: 'member', address }} empty="Not a member of any group." />
        </Tabs.Panel>
        <Tabs.Panel value="admin" pt="md">
          <GroupsOfAddress endpoint={endpoint} filter={{ by: 'admin', address }} empty="Admin of no group." />
        </Tabs.Panel>
        <Tabs.Panel value="policies" pt="md">
          <AdminPolicies
            endpoint={endpoint}
            admin={address}
            group={(groupId) => <GroupName endpoint={endpoint} groupId={groupId} link={false} />}
          />
        </Tabs.Panel>
      </Tabs>
      <KeyOnOtherChains endpoint={endpoint} address={address} />
    </Stack>
  );
}
