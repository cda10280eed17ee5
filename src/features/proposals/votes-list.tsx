import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

import { voteRowId } from '../../api/row-ids.ts';
import type { Proposal, Vote, VoteOption } from '../../api/schemas.ts';
import { AddressText } from '../../components/address-text.tsx';
import { AppLink } from '../../components/app-link.tsx';
import { OptionBadge } from '../../components/badges.tsx';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { PHASES } from '../../domain/proposal-phase.ts';
import { TALLY_ORDER, VOTE_OPTIONS } from '../../domain/vote-options.ts';
import { useProposalPhase } from '../../hooks/use-proposal-phase.ts';
import { proposalQueries } from './queries.ts';

const OPTION_FILTERS = [
  { label: 'All', value: 'all' },
  ...TALLY_ORDER.map((option) => ({
    label: `${VOTE_OPTIONS[option].symbol} ${VOTE_OPTIONS[option].shortLabel}`,
    value: option,
  })),
];

export function VotesList({ endpoint, proposal }: { endpoint: string; proposal: Proposal }) {
  const query = useInfiniteQuery(proposalQueries.votes(endpoint, proposal.id, proposal.status));
  const [option, setOption] = useState<'all' | VoteOption>('all');
  // While voting is open, watch the vote count and offer to reload the list when it grows.
  const phase = useProposalPhase(proposal);
  const live = PHASES[phase].live;
  const count = useQuery(proposalQueries.voteCount(endpoint, live ? proposal.id : null));
  const loadedTotal = query.data?.pages[0]?.pagination.total;
  const newVotes = live && count.data && loadedTotal ? BigInt(count.data) - BigInt(loadedTotal) : 0n;
  const filter = useCallback((vote: Vote) => option === 'all' || vote.option === option, [option]);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <SegmentedControl
          w="fit-content"
          value={option}
          onChange={(value) => setOption(value as typeof option)}
          aria-label="Show votes with option"
          data={OPTION_FILTERS}
        />
        {newVotes > 0n && (
          <Button
            size="xs"
            variant="light"
            onClick={() => void query.refetch()}
            loading={query.isRefetching}
            data-testid="new-votes"
          >
            {newVotes.toString()} new {newVotes === 1n ? 'vote' : 'votes'} · reload the list
          </Button>
        )}
      </Group>
      <InfiniteList
        label="Votes"
        query={query}
        identity={voteRowId}
        filter={option === 'all' ? undefined : filter}
        noun="votes"
        rowHeight={56}
        empty={
          PHASES[phase].votesPruned
            ? 'No votes are stored: votes are pruned once a proposal is final. ' +
              'The final tally above is what remains of them.'
            : option !== 'all'
              ? 'No loaded vote has this option.'
              : 'Nobody has voted yet.'
        }
        columns={[
          { label: 'Voter', width: '2fr' },
          { label: 'Option', width: '150px' },
          { label: 'Submitted', width: '1.4fr' },
          { label: 'Metadata', width: '1fr' },
        ]}
        renderRow={(vote) => [
          <AddressText address={vote.voter} to={`/voters/${vote.voter}`} key="v" />,
          <AppLink
            to={`/proposals/${vote.proposal_id}/votes/${vote.voter}`}
            key="o"
            aria-label={`Vote of ${vote.voter}`}
          >
            <OptionBadge option={vote.option} />
          </AppLink>,
          <TimeText value={vote.submit_time} key="t" />,
          <span key="m" title={vote.metadata}>
            {vote.metadata}
          </span>,
        ]}
      />
    </Stack>
  );
}
