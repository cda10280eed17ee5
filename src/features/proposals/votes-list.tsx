import { Button, NativeSelect, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';

import { voteRowId } from '../../api/row-ids.ts';
import type { Proposal, Vote } from '../../api/schemas.ts';
import { AddressText } from '../../components/address-text.tsx';
import { DecimalText } from '../../components/decimal-text.tsx';
import { InfiniteList, type ListView } from '../../components/infinite-list.tsx';
import { ListToolbar, type SortChoice } from '../../components/list-toolbar.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { OptionBadge } from '../../components/vote-badges.tsx';
import { PHASES } from '../../domain/proposal-phase.ts';
import { TALLY_ORDER, VOTE_OPTIONS } from '../../domain/vote-options.ts';
import { useBlockPace } from '../../hooks/use-block-pace.ts';
import { useProposalPhase } from '../../hooks/use-proposal-phase.ts';
import { useUrlState } from '../../hooks/use-url-state.ts';
import { checkAddress } from '../../lib/address.ts';
import { compareDecimals } from '../../lib/decimal.ts';
import { labelText } from '../../lib/hostile-text.ts';
import { compareTimes } from '../../lib/time.ts';
import { proposalQueries } from './queries.ts';
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

/** While voting, the stored vote count is read every this many blocks (the tally, every block). */
const COUNT_POLL_BLOCKS = 6;

function NewVotes({
  endpoint,
  proposalId,
  known,
  knownAt,
  onReload,
  reloading,
}: {
  endpoint: string;
  proposalId: string;
  known: string;
  knownAt: number;
  onReload: () => void;
  reloading: boolean;
}) {
  const pace = useBlockPace(endpoint);
  const count = useQuery(
    proposalQueries.voteCount(endpoint, proposalId, known, knownAt, Math.max(3000, pace * COUNT_POLL_BLOCKS)),
  );
  const added = BigInt(count.data) - BigInt(known);
  if (added <= 0n) return null;
  return (
    <Button size="xs" variant="light" onClick={onReload} loading={reloading} data-testid="new-votes">
      {added.toString()} new {added === 1n ? 'vote' : 'votes'} · reload the list
    </Button>
  );
}

interface Props {
  endpoint: string;
  proposal: Proposal;
  /** Each member's current weight, once the page has loaded the group's members. */
  weights?: ReadonlyMap<string, string>;
  /** The weights are being loaded. */
  weightsLoading: boolean;
  /**
   * Asks the page for the weights, which means reading the group's whole member list: only when
   * the reader asks (it can be a million members), or sorts by weight.
   */
  onNeedWeights: () => void;
}

/** A proposal's votes: weight at current membership, sort, address search and option filter over all of them. */
export function VotesList({ endpoint, proposal, weights, weightsLoading, onNeedWeights }: Props) {
  const query = useInfiniteQuery(proposalQueries.votes(endpoint, proposal.id, proposal.status));
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

  const first = query.data?.pages[0];
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
            {live && first && (
              <NewVotes
                endpoint={endpoint}
                proposalId={proposal.id}
                known={first.pagination.total}
                knownAt={query.dataUpdatedAt}
                onReload={() => void query.refetch()}
                reloading={query.isRefetching}
              />
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
                label: 'Weight now',
                width: 'minmax(80px, 0.8fr)',
                cell: (vote: Vote) =>
                  !weights ? (
                    <Text span fz="sm" c="dimmed">
                      …
                    </Text>
                  ) : weights.has(vote.voter) ? (
                    <DecimalText value={weightOf(vote)} exact={exact} interactive={false} />
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
