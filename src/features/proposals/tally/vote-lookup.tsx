import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { NotFoundError } from '../../../api/errors.ts';
import { AppLink } from '../../../components/page/app-link.tsx';
import { ErrorState } from '../../../components/states/query-states.tsx';
import { OptionBadge } from '../../../components/tallies/vote-badges.tsx';
import { TimeText } from '../../../components/values/time-text.tsx';
import { proposalQueries } from '../queries.ts';

/** A whole address typed in the votes search is looked up on the server: one request, not every page. */
export function VoteLookup({ endpoint, proposalId, voter }: { endpoint: string; proposalId: string; voter: string }) {
  const vote = useQuery(proposalQueries.vote(endpoint, proposalId, voter));
  if (vote.isPending) return <Text fz="sm">Looking up the vote of this address…</Text>;
  if (vote.isError)
    return vote.error instanceof NotFoundError ? (
      <Alert color="gray" variant="light" role="status">
        This address has no stored vote on this proposal.
      </Alert>
    ) : (
      <ErrorState error={vote.error} what="Vote" onRetry={() => void vote.refetch()} />
    );
  return (
    <Alert color="blue" variant="light" role="status" data-testid="vote-lookup">
      <Text fz="sm">
        Found on the server: this address voted <OptionBadge option={vote.data.option} /> at{' '}
        <TimeText value={vote.data.submit_time} compact />.{' '}
        <AppLink to={`/proposals/${proposalId}/votes/${voter}`}>Open this vote</AppLink>
      </Text>
    </Alert>
  );
}
