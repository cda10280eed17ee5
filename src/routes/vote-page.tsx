import { Stack } from '@mantine/core';
import { useParams } from 'react-router';

import { InvalidInput } from '../components/invalid-input.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { ProposalTitle } from '../features/proposals/proposal-title.tsx';
import { VoteDetails } from '../features/proposals/vote-details.tsx';
import { useEndpoint } from '../hooks/use-endpoint.ts';
import { checkAddress, shortAddress } from '../lib/address.ts';
import { parseId } from '../lib/ids.ts';

export function Component() {
  const endpoint = useEndpoint();
  const params = useParams();
  const id = parseId(params.proposalId ?? '');
  const voter = checkAddress(params.voter ?? '');
  if (id === null)
    return <InvalidInput title="Not a proposal id" reason={`"${params.proposalId ?? ''}" is not a proposal id.`} />;
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
