import { Button, NativeSelect, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { voteRowId } from '../../../api/row-ids.ts';
import type { Proposal, Vote } from '../../../api/schemas.ts';
import { InfiniteList, type ListView } from '../../../components/lists/infinite-list.tsx';
import { ListToolbar, type SortChoice } from '../../../components/lists/list-toolbar.tsx';
import { OptionBadge } from '../../../components/tallies/vote-badges.tsx';
import { AddressText } from '../../../components/values/address-text.tsx';
import { DecimalText } from '../../../components/values/decimal-text.tsx';
import { RelativeTime } from '../../../components/values/relative-time.tsx';
import { ShareOf } from '../../../components/values/share-of.tsx';
import { TimeText } from '../../../components/values/time-text.tsx';
import { PHASES } from '../../../domain/proposal-phase.ts';
import { TALLY_ORDER, VOTE_OPTIONS } from '../../../domain/vote-options.ts';
import { useBlockPace } from '../../../hooks/time/use-block-pace.ts';
import { useProposalPhase } from '../../../hooks/use-proposal-phase.ts';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { checkAddress } from '../../../lib/chain/address.ts';
import { compareDecimals } from '../../../lib/decimal.ts';
import { labelText } from '../../../lib/text/hostile-text.ts';
import { compareTimes } from '../../../lib/time.ts';
import { proposalQueries } from '../queries.ts';
import { VoteLookup } from './vote-lookup.tsx';

type VoteSort = 'chain' | 'weight' | 'time' | 'address';
const SORTS: readonly SortChoice<VoteSort>[] = [
  { value: 'chain', label: 'Chain order' },
  { value: 'weight', label: 'Weight, largest first' },
  { value: 'time', label: 'Newest first' },
  { value: 'address', label: 'Address, A to Z' },
];
const OPTIONS = ['all', ...TALLY_ORDER] as const;
type OptionChoice = (typeof OPTIONS)[number];

interface Props {
  endpoint: string;
  proposal: Proposal;
  /** Each member's current weight, once the page has loaded the group's members. */
  weights?: ReadonlyMap<string, string>;
  /** The group's total weight now, for each vote's share. */
  totalWeight?: string;
  /** The weights are being loaded. */
  weightsLoading: boolean;
  /**
   * Asks the page for the weights, which means reading the group's whole member list: only when
   * the reader asks (it can be a million members), or sorts by weight.
   */
  onNeedWeights: () => void;
}

/** A proposal's votes: weight at current membership, sort, address search and option filter over all of them. */
export function VotesList({ endpoint, proposal, weights, totalWeight, weightsLoading, onNeedWeights }: Props) {
  const query = useInfiniteQuery(proposalQueries.votes(endpoint, proposal.id, proposal.status));
  // The list refreshes with the tally: the same query as the tally panel's (one request), and
  // every change of the counts reads the loaded pages again, so the rows keep adding up to it.
  const pace = useBlockPace(endpoint);
  const tally = useQuery(proposalQueries.tally(endpoint, proposal, pace));
  const counts = tally.data ? JSON.stringify(tally.data.tally) : null;
  const countsSeen = useRef(counts);
  const { refetch } = query;
  useEffect(() => {
    if (counts !== null && countsSeen.current !== null && counts !== countsSeen.current) void refetch();
    if (counts !== null) countsSeen.current = counts;
  }, [counts, refetch]);
  const [sort, setSort] = useUrlState<VoteSort>(
    'sort',
    'chain',
    SORTS.map((choice) => choice.value),
  );
  const [option, setOption] = useUrlState<OptionChoice>('option', 'all', OPTIONS);
  const [search, setSearch] = useUrlState<string>('voter', '');
  const [exact, setExact] = useState(false);
  const phase = useProposalPhase(proposal);
  const whole = checkAddress(search);
  useEffect(() => {
    if (sort === 'weight' && !weights) onNeedWeights();
  }, [sort, weights, onNeedWeights]);

  const weightOf = useCallback((vote: Vote) => weights?.get(vote.voter) ?? '0', [weights]);
  const view = useMemo((): ListView<Vote> => {
    const compare: Record<VoteSort, ((a: Vote, b: Vote) => number) | undefined> = {
      chain: undefined,
      weight: weights ? (a, b) => compareDecimals(weightOf(b), weightOf(a)) : undefined,
      time: (a, b) => compareTimes(b.submit_time, a.submit_time),
      address: (a, b) => (a.voter < b.voter ? -1 : a.voter > b.voter ? 1 : 0),
    };
    const partial = search !== '' && !whole.ok;
    const needs = [
      sort !== 'chain' && `sort them (${SORTS.find((choice) => choice.value === sort)?.label.toLowerCase()})`,
      option !== 'all' && `show only “${VOTE_OPTIONS[option].label}”`,
      partial && 'find the address',
    ].filter(Boolean);
    return {
      filter:
        option === 'all' && !partial
          ? undefined
          : (vote) => (option === 'all' || vote.option === option) && (!partial || vote.voter.includes(search)),
      compare: compare[sort],
      wholeListReason: needs.length > 0 ? needs.join(' and ') : null,
    };
  }, [sort, option, search, whole.ok, weights, weightOf]);

  const live = PHASES[phase].live;
  return (
    <InfiniteList
      label="Votes"
      query={query}
      identity={voteRowId}
      noun="votes"
      rowHeight={52}
      view={view}
      toolbar={
        <>
          <ListToolbar
            sort={sort}
            sorts={SORTS}
            onSort={setSort}
            search={search}
            onSearch={setSearch}
            searchLabel="Find a voter"
            exact={exact}
            onExact={setExact}
          >
            <NativeSelect
              label="Option"
              size="xs"
              value={option}
              onChange={(event) => setOption(event.currentTarget.value as OptionChoice)}
              data={OPTIONS.map((value) => ({
                value,
                label: value === 'all' ? 'All options' : VOTE_OPTIONS[value].label,
              }))}
            />
            {!weights && (
              <Button size="xs" variant="default" onClick={onNeedWeights} loading={weightsLoading}>
                Show weights
              </Button>
            )}
            {live && query.dataUpdatedAt > 0 && (
              <Text fz="xs" c="dimmed" data-testid="votes-refreshed">
                Follows the tally · read <RelativeTime date={new Date(query.dataUpdatedAt)} />
              </Text>
            )}
          </ListToolbar>
          {whole.ok && <VoteLookup endpoint={endpoint} proposalId={proposal.id} voter={whole.address} />}
          {weightsLoading && (
            <Text fz="sm" role="status">
              Reading the group’s member list for each voter’s current weight…
            </Text>
          )}
        </>
      }
      empty={
        PHASES[phase].votesPruned
          ? 'No votes are stored: votes are pruned once a proposal is final. ' +
            'The final tally above is what remains of them.'
          : option !== 'all' || search !== ''
            ? 'No vote matches.'
            : 'Nobody has voted yet.'
      }
      columns={[
        {
          label: 'Voter',
          width: 'minmax(150px, 1.6fr)',
          cell: (vote) => <AddressText address={vote.voter} to={`/voters/${vote.voter}`} copy={false} />,
        },
        { label: 'Option', width: '130px', cell: (vote) => <OptionBadge option={vote.option} /> },
        // Shown once the member list is read ("Show weights"), not as a column of dashes until then.
        ...(weights || weightsLoading
          ? [
              {
                label: 'Weight now · share',
                width: 'minmax(120px, 1fr)',
                cell: (vote: Vote) =>
                  !weights ? (
                    <Text span fz="sm" c="dimmed">
                      …
                    </Text>
                  ) : weights.has(vote.voter) ? (
                    <span>
                      <DecimalText value={weightOf(vote)} exact={exact} interactive={false} />{' '}
                      <Text span fz="xs" c="dimmed">
                        <ShareOf part={weightOf(vote)} whole={totalWeight} />
                      </Text>
                    </span>
                  ) : (
                    <Text span fz="sm" c="dimmed">
                      left the group
                    </Text>
                  ),
              },
            ]
          : []),
        {
          label: 'Submitted',
          wide: true,
          width: 'minmax(150px, 1.2fr)',
          cell: (vote) => <TimeText value={vote.submit_time} compact />,
        },
        {
          label: 'Metadata',
          width: '1fr',
          cell: (vote) =>
            labelText(vote.metadata, 200) || (
              <Text span fz="sm" c="dimmed">
                none
              </Text>
            ),
        },
      ]}
    />
  );
}
