import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';

import { AppLink } from '../../components/page/app-link.tsx';
import { useArchiveAvailability } from '../../components/states/archive-gate.tsx';
import { InvalidInput } from '../../components/states/invalid-input.tsx';
import { WrongChainAddress } from '../../components/values/wrong-chain-address.tsx';
import { FollowButton } from '../../features/following/follow-button.tsx';
import { PolicyCard } from '../../features/policies/policy-card.tsx';
import { PolicyHeader } from '../../features/policies/policy-header.tsx';
import { PolicyLedger } from '../../features/policies/policy-ledger.tsx';
import { PolicyTreasury } from '../../features/policies/policy-treasury.tsx';
import { usePolicyContext } from '../../features/policies/use-policy-context.ts';
import { ProposalList } from '../../features/proposals/proposal-list.tsx';
import { useAddressOnChain } from '../../hooks/use-address-on-chain.ts';
import { useEndpoint } from '../../hooks/use-endpoint.ts';
import { useGroupModuleLeft } from '../../hooks/use-group-module-left.ts';
import { useMetadataName } from '../../hooks/use-ipfs-document.ts';

export function Component() {
  const endpoint = useEndpoint();
  const raw = useParams().address ?? '';
  const check = useAddressOnChain(raw, endpoint);
  const context = usePolicyContext(endpoint, check.ok ? check.address : null);
  const name = useMetadataName(context.info.data?.metadata, '');
  const archive = useArchiveAvailability(endpoint);
  // Once the chain has no x/group, the policy and its proposals are the archive's (pruned ones too).
  const fromArchive = useGroupModuleLeft(endpoint);
  if (!check.ok && check.otherChain)
    return <WrongChainAddress other={check.otherChain} page={(address) => `/policies/${address}`} />;
  if (!check.ok) return <InvalidInput title="Not a policy address" reason={check.reason} />;
  const policy = context.info.data;
  return (
    <Stack gap="lg">
      <PolicyHeader
        address={check.address}
        context={context}
        actions={policy && <FollowButton endpoint={endpoint} target={{ kind: 'policy', id: check.address, name }} />}
      />
      {policy && (
        <>
          <PolicyCard policy={policy} group={context.group.data} />
          <PolicyTreasury endpoint={endpoint} address={check.address} />
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {fromArchive ? 'Proposals the archive kept' : 'Proposals the chain stores'}
            </Title>
            {fromArchive ? (
              <Text fz="xs" c="dimmed" data-testid="policy-archived-proposals">
                This chain no longer has x/group: every proposal of this policy the archive kept, pruned ones included,
                oldest first.
              </Text>
            ) : (
              <Text fz="xs" c="dimmed" data-testid="policy-pruned-proposals">
                The chain removes executed proposals at once and others 14 days after voting ends, so this count leaves
                them out.{' '}
                {archive === 'present' ? (
                  <AppLink to={`/proposals?policy=${check.address}`}>
                    Every proposal of this policy, pruned ones included, from the archive →
                  </AppLink>
                ) : (
                  'An archive in front of this chain would keep them.'
                )}
              </Text>
            )}
            <ProposalList query={context.proposals} />
          </Stack>
          {archive === 'present' && <PolicyLedger endpoint={endpoint} address={check.address} />}
        </>
      )}
    </Stack>
  );
}
