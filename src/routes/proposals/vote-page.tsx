import { Stack } from '@mantine/core';
import { useParams } from 'react-router';

import { PageTitle } from '../../components/page/page-title.tsx';
import { InvalidInput } from '../../components/states/invalid-input.tsx';
import { WrongChainAddress } from '../../components/values/wrong-chain-address.tsx';
import { ProposalTitle } from '../../features/proposals/proposal-title.tsx';
import { VoteDetails } from '../../features/proposals/tally/vote-details.tsx';
import { useAddressOnChain } from '../../hooks/use-address-on-chain.ts';
import { useEndpoint } from '../../hooks/use-endpoint.ts';
import { parseId } from '../../lib/chain/ids.ts';
import { shortAddress } from '../../lib/chain/short-address.ts';

export function Component() {
  const endpoint = useEndpoint();
  const params = useParams();
  const id = parseId(params.proposalId ?? '');
  const voter = useAddressOnChain(params.voter ?? '', endpoint);
  if (id === null)
    return <InvalidInput title="Not a proposal id" reason={`"${params.proposalId ?? ''}" is not a proposal id.`} />;
  if (!voter.ok && voter.otherChain)
    return <WrongChainAddress other={voter.otherChain} page={(address) => `/proposals/${id}/votes/${address}`} />;
  if (!voter.ok) return <InvalidInput title="Not a voter address" reason={voter.reason} />;
  return (
    <Stack gap="lg">
      <PageTitle
        kicker="A vote on a group proposal"
        title={
          <>
            Vote on <ProposalTitle endpoint={endpoint} id={id} inHeading />
          </>
        }
        docTitle={`Vote of ${shortAddress(voter.address)} on proposal ${id}`}
      />
      <VoteDetails endpoint={endpoint} proposalId={id} voter={voter.address} />
    </Stack>
  );
}
