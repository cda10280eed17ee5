import { Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';

import type { Proposal } from '../../api/schemas.ts';
import { LoadingBlock } from '../../components/query-states.tsx';
import type { NameRenderers } from './message-card.tsx';

// The cards and the list machinery follow in chunks of their own, so a deep link shows what the
// proposal is about sooner.
const MessageCard = lazy(() => import('./message-card.tsx').then((module) => ({ default: module.MessageCard })));
const VotesList = lazy(() => import('./votes-list.tsx').then((module) => ({ default: module.VotesList })));

/** What passing the proposal would execute: one card per message. */
export function ProposalMessages({ proposal, names }: { proposal: Proposal; names: NameRenderers }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="messages-title">
      <Title order={2} fz="lg" id="messages-title">
        Messages ({proposal.messages.length})
      </Title>
      {proposal.messages.length === 0 ? (
        <Text fz="sm" c="dimmed">
          This proposal carries no messages: passing it executes nothing.
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

/** The votes the chain stores for the proposal, weighed by the members' current weights once read. */
export function ProposalVotes({
  endpoint,
  proposal,
  weights,
  weightsLoading,
  onNeedWeights,
}: {
  endpoint: string;
  proposal: Proposal;
  weights?: ReadonlyMap<string, string>;
  weightsLoading: boolean;
  onNeedWeights: () => void;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="votes-title">
      <Title order={2} fz="lg" id="votes-title">
        Votes
      </Title>
      <Suspense fallback={<LoadingBlock label="Loading votes" />}>
        <VotesList
          endpoint={endpoint}
          proposal={proposal}
          weights={weights}
          weightsLoading={weightsLoading}
          onNeedWeights={onNeedWeights}
        />
      </Suspense>
    </Stack>
  );
}
