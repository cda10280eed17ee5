import { Group, Stack } from '@mantine/core';
import { useParams } from 'react-router';

import { voterFeedUrl } from '../../api/archive-feeds.ts';
import { AppLink } from '../../components/page/app-link.tsx';
import { FeedLink } from '../../components/page/feed-link.tsx';
import { PageTitle } from '../../components/page/page-title.tsx';
import { ArchiveGate, ArchiveReach, NeedsArchive } from '../../components/states/archive-gate.tsx';
import { InvalidInput } from '../../components/states/invalid-input.tsx';
import { AddressText } from '../../components/values/address-text.tsx';
import { WrongChainAddress } from '../../components/values/wrong-chain-address.tsx';
import { InboxView } from '../../features/inbox/inbox-view.tsx';
import { KeyOnOtherChains } from '../../features/inbox/key-on-other-chains.tsx';
import { useAddressOnChain } from '../../hooks/use-address-on-chain.ts';
import { useEndpoint } from '../../hooks/use-endpoint.ts';
import { shortAddress } from '../../lib/chain/short-address.ts';

/** A member's inbox: what waits for its vote across its groups, and what became of its votes lately. */
export function Component() {
  const endpoint = useEndpoint();
  const check = useAddressOnChain(useParams().address ?? '', endpoint);
  if (!check.ok && check.otherChain)
    return <WrongChainAddress other={check.otherChain} page={(address) => `/inbox/${address}`} />;
  if (!check.ok) return <InvalidInput title="Not an address" reason={check.reason} />;
  const { address } = check;
  return (
    <Stack gap="lg">
      <PageTitle
        kicker="Inbox"
        title={<AddressText address={address} full />}
        docTitle={`Inbox of ${shortAddress(address)}`}
        right={
          <Group gap="md">
            <AppLink to={`/voters/${address}`} fz="sm">
              Voter page
            </AppLink>
            <FeedLink endpoint={endpoint} href={voterFeedUrl(endpoint, address)} title={`Votes of ${address}`} />
          </Group>
        }
      />
      {/* Above this chain's lists, whose decided part may be long: what waits elsewhere is as urgent. */}
      <KeyOnOtherChains endpoint={endpoint} address={address} />
      <ArchiveGate
        endpoint={endpoint}
        present={() => (
          <>
            <ArchiveReach endpoint={endpoint} />
            <InboxView endpoint={endpoint} address={address} />
          </>
        )}
        absent={() => (
          <NeedsArchive
            what="The inbox"
            instead={
              <>
                The <AppLink to={`/voters/${address}`}>voter page</AppLink> lists the votes the node still stores.
              </>
            }
          />
        )}
      />
    </Stack>
  );
}
