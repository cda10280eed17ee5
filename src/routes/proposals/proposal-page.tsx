import { Stack } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useParams } from 'react-router';

import { InvalidInput } from '../../components/states/invalid-input.tsx';
import { LoadingBlock } from '../../components/states/query-states.tsx';
import { tallyCheckWords, voteSetWords } from '../../domain/set-completeness-words.ts';
import { FollowButton } from '../../features/following/follow-button.tsx';
import { GroupName } from '../../features/groups/group-name.tsx';
import { PolicyName } from '../../features/policies/policy-name.tsx';
import type { NameRenderers } from '../../features/proposals/message-card.tsx';
import { ProposalFacts } from '../../features/proposals/proposal-facts.tsx';
import { ProposalHeader } from '../../features/proposals/proposal-header.tsx';
import type { CountedVotesSlot } from '../../features/proposals/proposal-history.tsx';
import { ProposalMessages, ProposalVotes } from '../../features/proposals/proposal-sections.tsx';
import { useProposalContext } from '../../features/proposals/use-proposal-context.ts';
import { useEndpoint } from '../../hooks/use-endpoint.ts';
import { useMetadataName } from '../../hooks/use-ipfs-document.ts';
import { parseId } from '../../lib/chain/ids.ts';

// The title and facts come with the page's code; the heavier parts (decimal maths, the list
// machinery) follow in chunks of their own, so a deep link shows what it is about sooner.
const TallyPanel = lazy(() =>
  import('../../features/proposals/tally/tally-panel.tsx').then((module) => ({ default: module.TallyPanel })),
);
const RecountPanel = lazy(() =>
  import('../../features/audit/recount-panel.tsx').then((module) => ({ default: module.RecountPanel })),
);
// The proof panel and the verifier it starts (in a worker) load only with a proposal page.
const ProofPanel = lazy(() =>
  import('../../features/proofs/proof-panel.tsx').then((module) => ({ default: module.ProofPanel })),
);
// The archive's history comes after the tally's code: what the page is about first. Its votes as
// counted (the votes feature's) load with it, so the history never shows a second fallback.
const ProposalHistory = lazy(async () => {
  await import('../../features/proposals/tally/tally-panel.tsx');
  const [{ ProposalHistory: History }, { CountedVotes }] = await Promise.all([
    import('../../features/proposals/proposal-history.tsx'),
    import('../../features/votes/counted-votes.tsx'),
  ]);
  function HistoryWithCountedVotes({ endpoint, id, onChain }: { endpoint: string; id: string; onChain: boolean }) {
    const countedVotes: CountedVotesSlot = (tallied) => <CountedVotes endpoint={endpoint} id={id} {...tallied} />;
    return <History endpoint={endpoint} id={id} onChain={onChain} countedVotes={countedVotes} />;
  }
  return { default: HistoryWithCountedVotes };
});

export function Component() {
  const endpoint = useEndpoint();
  const raw = useParams().proposalId ?? '';
  const id = parseId(raw);
  const context = useProposalContext(endpoint, id);
  const metadataTitle = useMetadataName((context.proposal.data ?? context.archived?.proposal)?.metadata, '');
  const names = useMemo(
    (): NameRenderers => ({
      group: (groupId) => <GroupName endpoint={endpoint} groupId={groupId} />,
      policy: (address) => <PolicyName endpoint={endpoint} address={address} />,
    }),
    [endpoint],
  );
  if (id === null)
    return (
      <InvalidInput
        title="Not a proposal id"
        reason={`"${raw}" is not a proposal id. Proposal ids are whole numbers, like 7.`}
      />
    );
  // The node's proposal, or the archive's record of one the node has pruned, shown as fully.
  const proposal = context.pruned ?? context.proposal.data;
  const onNode = context.pruned === null && context.node.kind !== 'gone' && context.proposal.data !== undefined;
  const policy = context.policy.data;
  const group = context.group.data;
  const { archived } = context;
  const archivedVotes = context.archiveAnswered
    ? archived
      ? {
          count: archived.vote_count ?? '0',
          talliedSeen: archived.tallied_with !== null,
          completeness: voteSetWords(archived.vote_set, archived.vote_count),
          recount: tallyCheckWords(archived.tally_check),
        }
      : null
    : undefined;
  return (
    <Stack gap="lg">
      <ProposalHeader
        endpoint={endpoint}
        id={id}
        context={context}
        actions={
          (proposal || archived) && (
            <FollowButton
              endpoint={endpoint}
              target={{ kind: 'proposal', id, name: (proposal ?? archived?.proposal)?.title || metadataTitle }}
            />
          )
        }
      />
      {proposal && (
        <>
          <ProposalFacts
            proposal={proposal}
            policy={policy}
            group={group}
            policyFailed={context.policy.isError && !policy}
            names={names}
            timeline={archived?.timeline ?? []}
          />
          <Suspense fallback={<LoadingBlock label="Loading the tally" rows={4} />}>
            <TallyPanel
              endpoint={endpoint}
              proposal={proposal}
              policy={policy}
              group={group}
              talliedWith={archived?.tallied_with ?? null}
              talliedWithComing={context.talliedWithComing}
              weights={context.weights}
              onProposalChange={context.refreshProposal}
            />
            <RecountPanel endpoint={endpoint} proposal={proposal} group={group} archived={archivedVotes} />
          </Suspense>
          <Suspense fallback={<LoadingBlock label="Loading the proof panel" rows={2} />}>
            <ProofPanel
              endpoint={endpoint}
              subject={{ kind: 'proposal', id }}
              what="this proposal"
              held={archived ? true : context.archiveAnswered ? false : undefined}
            />
          </Suspense>
          <ProposalMessages endpoint={endpoint} proposal={proposal} names={names} />
          <ProposalVotes
            endpoint={endpoint}
            proposal={proposal}
            onNode={onNode}
            archivedVotes={archivedVotes}
            weights={context.weights}
            totalWeight={group?.total_weight}
            weightsLoading={context.members.isFetching}
            onNeedWeights={context.needWeights}
          />
        </>
      )}
      {!context.proposal.isPending && (
        <Suspense fallback={<LoadingBlock label="Loading the proposal's history" />}>
          <ProposalHistory endpoint={endpoint} id={id} onChain={onNode} />
        </Suspense>
      )}
    </Stack>
  );
}
