import { Stack } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import type { Page } from '../../api/pagination.ts';
import { voteRowId } from '../../api/row-ids.ts';
import type { Vote } from '../../api/schemas.ts';
import { InfiniteList } from '../../components/lists/infinite-list.tsx';
import { NeedsArchive } from '../../components/states/archive-gate.tsx';
import { OptionBadge } from '../../components/tallies/vote-badges.tsx';
import { TimeText } from '../../components/values/time-text.tsx';

const STORED_ONLY =
  'Below are only the votes the chain still stores: those on proposals still open (votes are pruned once a ' +
  'proposal is final).';

const NO_VOTES =
  'No stored votes. Votes are kept only while a proposal is open (or withdrawn/aborted until its voting would ' +
  'have ended); once final, only its tally remains.';

/**
 * An address's votes on an endpoint without an archive: only those the chain still stores, and
 * a note that the full record needs an archive. `proposal` names each vote's proposal (the page
 * supplies it).
 */
export function StoredVotes({
  query,
  proposal,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<Vote>, unknown>>;
  proposal: (proposalId: string) => ReactNode;
}) {
  return (
    <Stack gap="xs">
      <NeedsArchive what="The full voting record" instead={STORED_ONLY} />
      <InfiniteList
        label="Votes by this address"
        query={query}
        identity={voteRowId}
        noun="votes"
        rowHeight={56}
        empty={NO_VOTES}
        columns={[
          {
            label: 'Proposal',
            width: 'minmax(200px, 3fr)',
            cell: (vote) => proposal(vote.proposal_id),
          },
          { label: 'Option', width: '130px', cell: (vote) => <OptionBadge option={vote.option} /> },
          {
            label: 'Submitted',
            wide: true,
            width: 'minmax(150px, 1.4fr)',
            cell: (vote) => <TimeText value={vote.submit_time} compact />,
          },
        ]}
      />
    </Stack>
  );
}
