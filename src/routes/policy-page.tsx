import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';

import { InvalidInput } from '../components/invalid-input.tsx';
import { FollowButton } from '../features/following/follow-button.tsx';
import { PolicyCard } from '../features/policies/policy-card.tsx';
import { PolicyHeader } from '../features/policies/policy-header.tsx';
import { usePolicyContext } from '../features/policies/use-policy-context.ts';
import { ProposalList } from '../features/proposals/proposal-list.tsx';
import { useEndpoint } from '../hooks/use-endpoint.ts';
import { useMetadataName } from '../hooks/use-ipfs-document.ts';
import { checkAddress } from '../lib/address.ts';

export function Component() {
  const endpoint = useEndpoint();
  const raw = useParams().address ?? '';
  const check = checkAddress(raw);
  const context = usePolicyContext(endpoint, check.ok ? check.address : null);
  const name = useMetadataName(context.info.data?.metadata, '');
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
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Proposals
            </Title>
            <ProposalList query={context.proposals} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
