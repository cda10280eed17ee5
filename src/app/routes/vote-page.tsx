import { Card, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';

import { AddressText } from '../../components/address-text.tsx';
import { AppLink } from '../../components/app-link.tsx';
import { OptionBadge } from '../../components/badges.tsx';
import { InvalidInput } from '../../components/invalid-input.tsx';
import { MetadataText } from '../../components/metadata-text.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ErrorState, LoadingBlock } from '../../components/query-states.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { Field } from '../../features/groups/group-info-card.tsx';
import { proposalQueries } from '../../features/proposals/queries.ts';
import { checkAddress } from '../../lib/address.ts';
import { parseId } from '../../lib/ids.ts';
import { useEndpoint } from '../endpoint.ts';

export function Component() {
  const e = useEndpoint();
  const params = useParams();
  const id = parseId(params.proposalId ?? '');
  const voter = checkAddress(params.voter ?? '');
  const q = useQuery({
    ...proposalQueries.vote(e, id ?? '0', voter.ok ? voter.address : ''),
    enabled: id !== null && voter.ok,
  });
  if (id === null)
    return <InvalidInput title="Not a proposal id" reason={`"${params.proposalId ?? ''}" is not a proposal id.`} />;
  if (!voter.ok) return <InvalidInput title="Not a voter address" reason={voter.reason} />;
  return (
    <Stack gap="lg">
      <PageTitle
        kicker={<AppLink to={`/proposals/${id}`}>Proposal #{id}</AppLink>}
        title="Vote"
        docTitle={`Vote on ${id}`}
      />
      {q.isPending && <LoadingBlock label="Loading vote" />}
      {q.isError && (
        <ErrorState
          error={q.error}
          onRetry={() => void q.refetch()}
          what="Vote"
          notFound="No such vote is stored. Either this address did not vote on this proposal, or the proposal is final and its votes were pruned (only the final tally remains), or the proposal itself was pruned."
        />
      )}
      {q.data && (
        <Card>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label="Voter">
              <AddressText address={q.data.voter} to={`/voters/${q.data.voter}`} full />
            </Field>
            <Field label="Option">
              <OptionBadge option={q.data.option} />
            </Field>
            <Field label="Submitted">
              <TimeText value={q.data.submit_time} />
            </Field>
            <Field label="Metadata">
              <MetadataText value={q.data.metadata} />
            </Field>
          </SimpleGrid>
        </Card>
      )}
    </Stack>
  );
}
