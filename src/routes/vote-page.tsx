import { Card, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';

import { AddressText } from '../components/address-text.tsx';
import { OptionBadge } from '../components/badges.tsx';
import { Field } from '../components/field.tsx';
import { InvalidInput } from '../components/invalid-input.tsx';
import { MetadataText } from '../components/metadata-text.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { ErrorState, LoadingBlock } from '../components/query-states.tsx';
import { TimeText } from '../components/time-text.tsx';
import { ProposalTitle } from '../features/proposals/proposal-title.tsx';
import { proposalQueries } from '../features/proposals/queries.ts';
import { useEndpoint } from '../hooks/use-endpoint.ts';
import { checkAddress } from '../lib/address.ts';
import { parseId } from '../lib/ids.ts';

const NOT_STORED =
  'No such vote is stored. Either this address did not vote on this proposal, or the proposal is final and its ' +
  'votes were pruned (only the final tally remains), or the proposal itself was pruned.';

export function Component() {
  const endpoint = useEndpoint();
  const params = useParams();
  const id = parseId(params.proposalId ?? '');
  const voter = checkAddress(params.voter ?? '');
  const vote = useQuery(proposalQueries.vote(endpoint, id, voter.ok ? voter.address : null));
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
        docTitle={`Vote on ${id}`}
      />
      {vote.isPending && <LoadingBlock label="Loading vote" />}
      {vote.isError && (
        <ErrorState error={vote.error} onRetry={() => void vote.refetch()} what="Vote" notFound={NOT_STORED} />
      )}
      {vote.data && (
        <Card>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label="Voter">
              <AddressText address={vote.data.voter} to={`/voters/${vote.data.voter}`} full />
            </Field>
            <Field label="Option">
              <OptionBadge option={vote.data.option} />
            </Field>
            <Field label="Submitted">
              <TimeText value={vote.data.submit_time} />
            </Field>
            <Field label="Metadata">
              <MetadataText value={vote.data.metadata} />
            </Field>
          </SimpleGrid>
        </Card>
      )}
    </Stack>
  );
}
