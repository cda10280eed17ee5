import { Card, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { Field } from '../../../components/page/field.tsx';
import { ErrorState, LoadingBlock } from '../../../components/states/query-states.tsx';
import { OptionBadge } from '../../../components/tallies/vote-badges.tsx';
import { MetadataText } from '../../../components/text/metadata-text.tsx';
import { AddressText } from '../../../components/values/address-text.tsx';
import { TimeText } from '../../../components/values/time-text.tsx';
import { proposalQueries } from '../queries.ts';

const NOT_STORED =
  'No such vote is stored. Either this address did not vote on this proposal, or the proposal is final and its ' +
  'votes were pruned (only the final tally remains), or the proposal itself was pruned.';

/** One stored vote: who, which option, when, and its metadata; or why it is not stored. */
export function VoteDetails({ endpoint, proposalId, voter }: { endpoint: string; proposalId: string; voter: string }) {
  const vote = useQuery(proposalQueries.vote(endpoint, proposalId, voter));
  return (
    <>
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
    </>
  );
}
