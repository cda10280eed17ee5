import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

import type { Proposal, Vote, VoteOption } from '../../api/schemas.ts';
import { AddressText } from '../../components/address-text.tsx';
import { AppLink } from '../../components/app-link.tsx';
import { OptionBadge } from '../../components/badges.tsx';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { useNow } from '../../lib/use-now.ts';
import { isVotingOpen, proposalQueries, voteRowId } from './queries.ts';

const FINAL = new Set(['PROPOSAL_STATUS_ACCEPTED', 'PROPOSAL_STATUS_REJECTED']);

export function VotesList({ endpoint, proposal }: { endpoint: string; proposal: Proposal }) {
  const query = useInfiniteQuery(proposalQueries.votes(endpoint, proposal.id, proposal.status));
  const [option, setOption] = useState<'all' | VoteOption>('all');
  // While voting is open, watch the vote count and offer to reload the list when it grows.
  const live = isVotingOpen(proposal, useNow(5000));
  const count = useQuery({ ...proposalQueries.voteCount(endpoint, proposal.id, live ? 5000 : false), enabled: live });
  const loadedTotal = query.data?.pages[0]?.pagination.total;
  const newVotes = live && count.data && loadedTotal ? BigInt(count.data) - BigInt(loadedTotal) : 0n;
  const filter = useCallback((v: Vote) => option === 'all' || v.option === option, [option]);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <SegmentedControl
          w="fit-content"
          value={option}
          onChange={(v) => setOption(v as typeof option)}
          aria-label="Show votes with option"
          data={[
            { label: 'All', value: 'all' },
            { label: '✓ Yes', value: 'VOTE_OPTION_YES' },
            { label: '✗ No', value: 'VOTE_OPTION_NO' },
            { label: '⊗ Veto', value: 'VOTE_OPTION_NO_WITH_VETO' },
            { label: '○ Abstain', value: 'VOTE_OPTION_ABSTAIN' },
          ]}
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
          FINAL.has(proposal.status)
            ? 'No votes are stored: votes are pruned once a proposal is final. The final tally above is what remains of them.'
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
        renderRow={(v) => [
          <AddressText address={v.voter} to={`/voters/${v.voter}`} key="v" />,
          <AppLink to={`/proposals/${v.proposal_id}/votes/${v.voter}`} key="o" aria-label={`Vote of ${v.voter}`}>
            <OptionBadge option={v.option} />
          </AppLink>,
          <TimeText value={v.submit_time} key="t" />,
          <span key="m" title={v.metadata}>
            {v.metadata}
          </span>,
        ]}
      />
    </Stack>
  );
}
