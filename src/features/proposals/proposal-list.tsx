import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

import type { Page } from '../../api/pagination.ts';
import { proposalRowId } from '../../api/row-ids.ts';
import type { Proposal } from '../../api/schemas.ts';
import { AppLink } from '../../components/app-link.tsx';
import { StatusBadge } from '../../components/badges.tsx';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { TimeText } from '../../components/time-text.tsx';

const EMPTY =
  'No proposals are stored for this policy. Executed proposals are removed at once, and others 14 days after ' +
  'voting ends (withdrawn or aborted ones when voting ends).';

type Query = UseInfiniteQueryResult<InfiniteData<Page<Proposal>, unknown>>;

export function ProposalList({ query }: { query: Query }) {
  return (
    <InfiniteList
      label="Proposals"
      query={query}
      identity={proposalRowId}
      noun="proposals"
      empty={EMPTY}
      rowHeight={56}
      columns={[
        { label: 'ID', width: '70px' },
        { label: 'Title', width: '3fr' },
        { label: 'Status', width: '130px' },
        { label: 'Voting ends', width: '1.6fr' },
      ]}
      renderRow={(proposal) => [
        <AppLink to={`/proposals/${proposal.id}`} key="i">
          #{proposal.id}
        </AppLink>,
        <AppLink to={`/proposals/${proposal.id}`} key="t">
          {proposal.title || '(untitled)'}
        </AppLink>,
        <StatusBadge status={proposal.status} key="s" />,
        <TimeText value={proposal.voting_period_end} key="e" />,
      ]}
    />
  );
}
