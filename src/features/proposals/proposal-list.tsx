import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

import type { Page } from '../../api/pagination.ts';
import { proposalRowId } from '../../api/row-ids.ts';
import type { Proposal } from '../../api/schemas.ts';
import { InfiniteList } from '../../components/lists/infinite-list.tsx';
import { AppLink } from '../../components/page/app-link.tsx';
import { StatusBadge } from '../../components/tallies/badges.tsx';
import { ChainLabel } from '../../components/text/on-chain-text.tsx';
import { IdText } from '../../components/values/id-text.tsx';
import { TimeText } from '../../components/values/time-text.tsx';

const EMPTY =
  'No proposals are stored for this policy. Executed proposals are removed at once, and others 14 days after ' +
  'voting ends (withdrawn or aborted ones when voting ends).';

type Query = UseInfiniteQueryResult<InfiniteData<Page<Proposal>, unknown>>;

/** A policy's proposals: id and title in one link, status, and when voting ends. */
export function ProposalList({ query }: { query: Query }) {
  return (
    <InfiniteList
      label="Proposals"
      query={query}
      identity={proposalRowId}
      noun="proposals"
      empty={EMPTY}
      rowHeight={52}
      columns={[
        {
          label: 'Proposal',
          width: 'minmax(200px, 3fr)',
          cell: (proposal) => (
            <AppLink to={`/proposals/${proposal.id}`}>
              <IdText id={proposal.id} /> <ChainLabel value={proposal.title} fallback="(untitled)" />
            </AppLink>
          ),
        },
        { label: 'Status', width: '130px', cell: (proposal) => <StatusBadge status={proposal.status} /> },
        {
          label: 'Voting ends',
          wide: true,
          width: 'minmax(150px, 1.4fr)',
          cell: (proposal) => <TimeText value={proposal.voting_period_end} compact />,
        },
      ]}
    />
  );
}
