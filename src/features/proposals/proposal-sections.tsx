import { Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';

import type { Proposal } from '../../api/schemas.ts';
import { LoadingBlock } from '../../components/states/query-states.tsx';
import { grouped } from '../../lib/format-number.ts';
import type { NameRenderers } from './message-card.tsx';
import { ProposalSpend } from './proposal-spend.tsx';

// The cards and the list machinery follow in chunks of their own, so a deep link shows what the
// proposal is about sooner.
const MessageCard = lazy(() => import('./message-card.tsx').then((module) => ({ default: module.MessageCard })));
const VotesList = lazy(() => import('./tally/votes-list.tsx').then((module) => ({ default: module.VotesList })));

/** What passing the proposal would execute: one card per message. */
export function ProposalMessages({
  endpoint,
  proposal,
  names,
}: {
  endpoint: string;
  proposal: Proposal;
  names: NameRenderers;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="messages-title">
      <Title order={2} fz="lg" id="messages-title">
        Messages ({proposal.messages.length})
      </Title>
      <ProposalSpend endpoint={endpoint} proposal={proposal} />
      {proposal.messages.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {proposal.status === 'PROPOSAL_STATUS_SUBMITTED'
            ? 'This proposal carries no messages: passing it would execute nothing.'
            : 'This proposal carries no messages.'}
        </Text>
      ) : (
        <Suspense fallback={<LoadingBlock label="Loading messages" />}>
          {proposal.messages.map((message, index) => (
            <MessageCard key={index} message={message} names={names} />
          ))}
        </Suspense>
      )}
    </Stack>
  );
}

/** Why the node lists no votes for a proposal it has tallied or pruned, and where they are kept. */
function PrunedVotesNote({
  onNode,
  archivedVotes,
}: {
  onNode: boolean;
  archivedVotes?: { count: string; talliedSeen: boolean } | null;
}) {
  const kept =
    archivedVotes === undefined
      ? 'Asking the archive whether it kept them…'
      : archivedVotes === null
        ? 'This endpoint has no archive that kept them.'
        : archivedVotes.count === '0'
          ? 'The archive holds none of them: it began after they were pruned.'
          : `The archive kept ${grouped(archivedVotes.count)} of them: they are listed under “Votes as counted” below${archivedVotes.talliedSeen ? ', each with the weight it counted with' : ''}.`;
  return (
    <Text fz="sm" data-testid="votes-pruned-note">
      {onNode
        ? 'The chain pruned this proposal’s votes when it tallied them; the final tally above is what it keeps.'
        : 'The chain has pruned this proposal and its votes.'}{' '}
      {kept}
    </Text>
  );
}

/**
 * The votes the chain stores for the proposal, weighed by the members' current weights once read;
 * for a tallied or pruned proposal (whose votes the node no longer has), where they went.
 */
export function ProposalVotes({
  endpoint,
  proposal,
  onNode,
  archivedVotes,
  weights,
  totalWeight,
  weightsLoading,
  onNeedWeights,
}: {
  endpoint: string;
  proposal: Proposal;
  /** Whether the node still stores the proposal (false: shown from the archive). */
  onNode: boolean;
  archivedVotes?: {
    count: string;
    talliedSeen: boolean;
    completeness?: string | null;
    /** The archive's recount of the final tally from its votes, in words. */
    recount?: string | null;
  } | null;
  weights?: ReadonlyMap<string, string>;
  /** The group's total weight now, for each vote's share. */
  totalWeight?: string;
  weightsLoading: boolean;
  onNeedWeights: () => void;
}) {
  const tallied = proposal.status === 'PROPOSAL_STATUS_ACCEPTED' || proposal.status === 'PROPOSAL_STATUS_REJECTED';
  return (
    <Stack gap="xs" component="section" aria-labelledby="votes-title">
      <Title order={2} fz="lg" id="votes-title">
        Votes
      </Title>
      {archivedVotes?.completeness && (
        <Text fz="sm" c="dimmed" data-testid="votes-completeness">
          {archivedVotes.completeness}
        </Text>
      )}
      {archivedVotes?.recount && (
        <Text fz="sm" c="dimmed" data-testid="votes-recount">
          {archivedVotes.recount}
        </Text>
      )}
      {tallied || !onNode ? (
        <PrunedVotesNote onNode={onNode} archivedVotes={archivedVotes} />
      ) : (
        <Suspense fallback={<LoadingBlock label="Loading votes" />}>
          <VotesList
            endpoint={endpoint}
            proposal={proposal}
            weights={weights}
            totalWeight={totalWeight}
            weightsLoading={weightsLoading}
            onNeedWeights={onNeedWeights}
          />
        </Suspense>
      )}
    </Stack>
  );
}
