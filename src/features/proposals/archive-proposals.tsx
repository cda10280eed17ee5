import { Group, NativeSelect, Switch, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { proposalsFeedUrl } from '../../api/archive-feeds.ts';
import { archivedProposalRowId, type ProposalFilters } from '../../api/archive.ts';
import { proposalStatus } from '../../api/schemas.ts';
import { InfiniteList } from '../../components/lists/infinite-list.tsx';
import { FeedLink } from '../../components/page/feed-link.tsx';
import { UnreadNotice, useArchiveCatchingUp, useArchiveUnread } from '../../components/states/archive-gate.tsx';
import { statusLabel } from '../../components/tallies/badges.tsx';
import { useNow } from '../../hooks/time/use-now.ts';
import { checkAddress } from '../../lib/chain/address.ts';
import { parseId } from '../../lib/chain/ids.ts';
import { archivedProposalQueries } from './archive-queries.ts';
import { proposalColumns } from './proposal-rows.tsx';

export const STATUS_CHOICES = [
  { value: '', label: 'Any status' },
  ...proposalStatus.options
    .filter((status) => status !== 'PROPOSAL_STATUS_UNSPECIFIED')
    .map((status) => ({ value: status, label: statusLabel(status) })),
];
export const SORT_CHOICES = [
  { value: 'id', label: 'Newest first' },
  { value: 'voting_period_end', label: 'Voting ends, soonest first' },
  { value: 'submit_time', label: 'Submitted, oldest first' },
];

/** The URL's query as the archive's filters; anything malformed is left out (and said so by the field). */
export function filtersFromSearch(search: URLSearchParams): ProposalFilters {
  const sort = search.get('sort');
  const group = parseId(search.get('group') ?? '');
  const policy = checkAddress(search.get('policy') ?? '');
  const proposer = checkAddress(search.get('proposer') ?? '');
  const status = search.get('status') ?? '';
  return {
    status: status !== '' && STATUS_CHOICES.some((choice) => choice.value === status) ? status : undefined,
    group_id: group ?? undefined,
    group_policy_address: policy.ok ? policy.address : undefined,
    proposer: proposer.ok ? proposer.address : undefined,
    voting_open: search.get('open') === '1' ? 'true' : undefined,
    q: search.get('q')?.trim() || undefined,
    order_by: sort === 'voting_period_end' || sort === 'submit_time' ? sort : 'id',
  };
}

/** One labelled control per filter, each written to the URL so the view is a link. */
export function ProposalFilterBar({ words }: { words: boolean }) {
  const [search, setSearch] = useSearchParams();
  const [draft, setDraft] = useState(() => ({ q: search.get('q') ?? '', group: search.get('group') ?? '' }));
  const set = (key: string, value: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const groupError = draft.group !== '' && parseId(draft.group) === null ? 'A group id is a whole number' : undefined;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {words && (
        <TextInput
          label="Words in the title or summary"
          size="xs"
          type="search"
          value={draft.q}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft((previous) => ({ ...previous, q: value }));
            set('q', value.trim());
          }}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
        />
      )}
      <NativeSelect
        label="Status"
        size="xs"
        value={search.get('status') ?? ''}
        data={STATUS_CHOICES}
        onChange={(event) => set('status', event.currentTarget.value)}
      />
      <TextInput
        label="Group id"
        size="xs"
        inputMode="numeric"
        value={draft.group}
        error={groupError}
        onChange={(event) => {
          const value = event.currentTarget.value.trim();
          setDraft((previous) => ({ ...previous, group: value }));
          if (value === '' || parseId(value) !== null) set('group', value);
        }}
        w={110}
      />
      <NativeSelect
        label="Sort by"
        size="xs"
        value={search.get('sort') ?? 'id'}
        data={SORT_CHOICES}
        onChange={(event) => set('sort', event.currentTarget.value === 'id' ? '' : event.currentTarget.value)}
      />
      <Switch
        size="sm"
        mb={4}
        label="Open for voting only"
        checked={search.get('open') === '1'}
        onChange={(event) => set('open', event.currentTarget.checked ? '1' : '')}
      />
    </Group>
  );
}

/** The proposals feed with the filters on screen (the order is the feed's own: newest event first). */
export function ProposalsFeedLink({ endpoint }: { endpoint: string }) {
  const [search] = useSearchParams();
  const { status, group_id, group_policy_address, proposer, voting_open, q } = filtersFromSearch(search);
  const filters = { status, group_id, group_policy_address, proposer, voting_open, q };
  const words = [
    status && STATUS_CHOICES.find((choice) => choice.value === status)?.label.toLowerCase(),
    group_id && `group ${group_id}`,
    group_policy_address && `policy ${group_policy_address}`,
    proposer && `proposer ${proposer}`,
    voting_open && 'open for voting',
    q && `“${q}”`,
  ].filter(Boolean);
  const title = `Proposals${words.length > 0 ? ` (${words.join(', ')})` : ''}`;
  return <FeedLink endpoint={endpoint} href={proposalsFeedUrl(endpoint, filters)} title={title} />;
}

/** Every proposal the archive has seen, filtered and sorted on the server, loaded as the reader scrolls. */
export function ArchiveProposals({ endpoint }: { endpoint: string }) {
  const [search] = useSearchParams();
  const filters = filtersFromSearch(search);
  const now = useNow(15_000);
  const query = useInfiniteQuery(archivedProposalQueries.list(endpoint, filters));
  const catchingUp = useArchiveCatchingUp(endpoint);
  const unread = useArchiveUnread(endpoint);
  if (unread) return <UnreadNotice reason={unread} what="Proposals" />;
  return (
    <InfiniteList
      label="Proposals"
      query={query}
      identity={archivedProposalRowId}
      noun="proposals"
      rowHeight={56}
      toolbar={<ProposalFilterBar words />}
      waiting={catchingUp === null ? null : { reason: catchingUp, what: 'Proposals' }}
      empty="No proposal matches these filters."
      columns={proposalColumns(now, endpoint)}
    />
  );
}
