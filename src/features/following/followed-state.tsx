import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { isArchiveAbsent } from '../../api/archive.ts';
import { StatusBadge } from '../../components/tallies/badges.tsx';
import { OptionBadge } from '../../components/tallies/vote-badges.tsx';
import { ChainLabel } from '../../components/text/on-chain-text.tsx';
import { RelativeTime } from '../../components/values/relative-time.tsx';
import { groupInfoQuery, policyInfoQuery } from '../../hooks/shared-queries.ts';
import { grouped } from '../../lib/format-number.ts';
import { metadataName } from '../../lib/text/metadata.ts';
import { instant } from '../../lib/time.ts';
import type { FollowedItem } from './follow-store.ts';
import { followingQueries } from './queries.ts';

// One line per followed item saying where it stands now: a group's or policy's open proposals,
// a proposal's status and time left, a voter's latest vote. Each reads its own endpoint.

function Unavailable({ error }: { error: Error }) {
  return (
    <Text span fz="sm" c="dimmed" title={error.message}>
      {isArchiveAbsent(error)
        ? 'not watched: this endpoint has no archive'
        : 'could not be read just now (asked again shortly)'}
    </Text>
  );
}

const Waiting = () => (
  <Text span fz="sm" c="dimmed">
    …
  </Text>
);

function OpenCount({ item }: { item: FollowedItem }) {
  const scope = item.kind === 'group' ? { group_id: item.id } : { group_policy_address: item.id };
  const count = useQuery(followingQueries.openCount(item.endpoint, scope));
  if (count.data === undefined) return count.isError ? <Unavailable error={count.error} /> : <Waiting />;
  return (
    <Text span fz="sm">
      {count.data === '0'
        ? 'no proposal open'
        : `${grouped(count.data)} proposal${count.data === '1' ? '' : 's'} open for votes`}
    </Text>
  );
}

function ProposalState({ item }: { item: FollowedItem }) {
  const proposal = useQuery(followingQueries.proposal(item.endpoint, item.id));
  if (!proposal.data) return proposal.isError ? <Unavailable error={proposal.error} /> : <Waiting />;
  const { status, voting_period_end: end } = proposal.data;
  const ends = end === null ? null : instant(end);
  return (
    <Group gap="xs" wrap="wrap">
      <StatusBadge status={status} />
      {status === 'PROPOSAL_STATUS_SUBMITTED' && ends && (
        <Text span fz="sm">
          <RelativeTime date={ends} prefix="closes " past="closed " />
        </Text>
      )}
    </Group>
  );
}

function LatestVote({ item }: { item: FollowedItem }) {
  const vote = useQuery(followingQueries.latestVote(item.endpoint, item.id));
  if (vote.data === undefined) return vote.isError ? <Unavailable error={vote.error} /> : <Waiting />;
  if (vote.data === null)
    return (
      <Text span fz="sm">
        no vote stored
      </Text>
    );
  const cast = vote.data.submit_time === null ? null : instant(vote.data.submit_time);
  return (
    <Group gap="xs" wrap="wrap">
      <Text span fz="sm">
        latest vote
      </Text>
      <OptionBadge option={vote.data.option} />
      <Text span fz="sm" style={{ wordBreak: 'break-word' }}>
        on #{vote.data.proposal_id} <ChainLabel value={vote.data.proposal_title} max={80} />
        {cast && (
          <>
            {', '}
            <RelativeTime date={cast} />
          </>
        )}
      </Text>
    </Group>
  );
}

/** The name a followed item has now (read again), or the one it had when followed. */
export function useCurrentName(item: FollowedItem): string {
  const group = useQuery({
    ...groupInfoQuery(item.endpoint, item.kind === 'group' ? item.id : null),
    staleTime: 60_000,
  });
  const policy = useQuery({
    ...policyInfoQuery(item.endpoint, item.kind === 'policy' ? item.id : null),
    staleTime: 60_000,
  });
  const metadata = group.data?.metadata ?? policy.data?.metadata;
  return (metadata === undefined ? '' : metadataName(metadata, '')) || item.name;
}

export function FollowedState({ item }: { item: FollowedItem }) {
  switch (item.kind) {
    case 'group':
    case 'policy':
      return <OpenCount item={item} />;
    case 'proposal':
      return <ProposalState item={item} />;
    case 'voter':
      return <LatestVote item={item} />;
  }
}
