import { NativeSelect, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { archivedVoteRowId } from '../../api/archive-records.ts';
import { InfiniteList } from '../../components/lists/infinite-list.tsx';
import { useArchiveCatchingUp } from '../../components/states/archive-gate.tsx';
import { OptionBadge } from '../../components/tallies/vote-badges.tsx';
import { AddressText } from '../../components/values/address-text.tsx';
import { DecimalText } from '../../components/values/decimal-text.tsx';
import { TimeText } from '../../components/values/time-text.tsx';
import { TxHashText } from '../../components/values/tx-hash-text.tsx';
import { grouped } from '../../lib/format-number.ts';
import { archivedVoteQueries } from './archive-queries.ts';

type Order = 'time' | 'weight' | 'voter';

/** Every vote the archive kept for a final proposal, with the weight each counted at the tally. */
export function ArchivedVotes({ endpoint, id }: { endpoint: string; id: string }) {
  const [order, setOrder] = useState<Order>('time');
  const query = useInfiniteQuery(archivedVoteQueries.byProposal(endpoint, id, order));
  const catchingUp = useArchiveCatchingUp(endpoint);
  return (
    <InfiniteList
      label="Archived votes"
      query={query}
      identity={archivedVoteRowId}
      noun="archived votes"
      rowHeight={64}
      waiting={catchingUp === null ? null : { reason: catchingUp, what: 'Votes' }}
      empty="The archive saw no vote on this proposal."
      toolbar={
        <NativeSelect
          label="Sort by"
          size="xs"
          w={200}
          value={order}
          onChange={(event) => setOrder(event.currentTarget.value as Order)}
          data={[
            { value: 'time', label: 'Time cast' },
            { value: 'weight', label: 'Weight counted, largest first' },
            { value: 'voter', label: 'Voter address' },
          ]}
        />
      }
      columns={[
        {
          label: 'Voter',
          width: 'minmax(180px, 2fr)',
          cell: (vote) => <AddressText address={vote.voter} to={`/voters/${vote.voter}`} copy={false} />,
        },
        { label: 'Option', width: '120px', cell: (vote) => <OptionBadge option={vote.option} /> },
        {
          label: 'Weight counted',
          width: 'minmax(90px, 1fr)',
          cell: (vote) =>
            vote.weight === null ? (
              <Text fz="xs" c="dimmed">
                not counted
              </Text>
            ) : (
              <DecimalText value={vote.weight} exact interactive={false} />
            ),
        },
        {
          label: 'Cast · observed',
          width: 'minmax(170px, 1.6fr)',
          cell: (vote) => (
            <Stack gap={2} align="flex-start">
              <Text span fz="xs">
                {vote.submit_time && <TimeText value={vote.submit_time} compact />}
                {vote.observed_height ? ` · height ${grouped(vote.observed_height)}` : ''}
                {vote.pruned_from_chain ? ' · pruned from chain' : ''}
              </Text>
              {vote.tx_hash && <TxHashText hash={vote.tx_hash} />}
            </Stack>
          ),
        },
      ]}
    />
  );
}
