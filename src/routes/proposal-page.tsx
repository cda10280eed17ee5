import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';

import { NotFoundError } from '../api/errors.ts';
import type { GroupInfo, GroupPolicyInfo, Proposal } from '../api/schemas.ts';
import { ExecBadge, StatusBadge } from '../components/badges.tsx';
import { InvalidInput } from '../components/invalid-input.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { ErrorState, LoadingBlock, LookupFailed, StaleNote } from '../components/query-states.tsx';
import { archiveQueries } from '../features/archive/queries.ts';
import { GroupName } from '../features/groups/group-name.tsx';
import { groupQueries } from '../features/groups/queries.ts';
import { PolicyName } from '../features/policies/policy-name.tsx';
import { policyQueries } from '../features/policies/queries.ts';
import type { NameRenderers } from '../features/proposals/message-card.tsx';
import { ProposalFacts } from '../features/proposals/proposal-facts.tsx';
import { proposalQueries } from '../features/proposals/queries.ts';
import { useBlockPace } from '../hooks/use-block-pace.ts';
import { useEndpoint } from '../hooks/use-endpoint.ts';
import { useProposalPhase } from '../hooks/use-proposal-phase.ts';
import { parseId } from '../lib/ids.ts';

const PRUNING_NOTE =
  'Proposals are removed from chain state: at once when executed successfully, when voting ends if withdrawn ' +
  'or aborted, and 14 days after voting ends otherwise. A pruned proposal can no longer be read from a node.';

// The title and facts come with the page's code; the heavier parts (decimal maths, the list
// machinery) follow in chunks of their own, so a deep link shows what it is about sooner.
const TallyPanel = lazy(() =>
  import('../features/proposals/tally-panel.tsx').then((module) => ({ default: module.TallyPanel })),
);
const RecountPanel = lazy(() =>
  import('../features/audit/recount-panel.tsx').then((module) => ({ default: module.RecountPanel })),
);
const MessageCard = lazy(() =>
  import('../features/proposals/message-card.tsx').then((module) => ({ default: module.MessageCard })),
);
// The archive's history comes after the tally's code: what the page is about first.
const ProposalHistory = lazy(() =>
  import('../features/proposals/tally-panel.tsx')
    .then(() => import('../features/archive/proposal-history.tsx'))
    .then((module) => ({ default: module.ProposalHistory })),
);
const VotesList = lazy(() =>
  import('../features/proposals/votes-list.tsx').then((module) => ({ default: module.VotesList })),
);

/** While live, only the tally follows every block; the proposal itself is read again this rarely (in blocks). */
const PROPOSAL_POLL_BLOCKS = 10;

export function Component() {
  const endpoint = useEndpoint();
  const raw = useParams().proposalId ?? '';
  const id = parseId(raw);
  const pace = useBlockPace(endpoint);
  const query = useQuery(proposalQueries.detail(endpoint, id, Math.max(15_000, pace * PROPOSAL_POLL_BLOCKS)));
  const proposal = query.data;
  const policy = useQuery(policyQueries.detail(endpoint, proposal?.group_policy_address ?? null));
  const groupId = policy.data?.group_id ?? null;
  const group = useQuery(groupQueries.detail(endpoint, groupId));
  // Voters' weights come from the group's whole member list, read only when the reader asks.
  const [wantWeights, setWantWeights] = useState(false);
  const members = useQuery(groupQueries.allMembers(endpoint, wantWeights ? groupId : null));
  const weights = useMemo(
    () => (members.data ? new Map(members.data.map((row) => [row.member.address, row.member.weight])) : undefined),
    [members.data],
  );
  const needWeights = useCallback(() => setWantWeights(true), []);
  const { refetch } = query;
  const refreshProposal = useCallback(() => void refetch(), [refetch]);
  const names = useMemo(
    (): NameRenderers => ({
      group: (groupIdText) => <GroupName endpoint={endpoint} groupId={groupIdText} />,
      policy: (address) => <PolicyName endpoint={endpoint} address={address} />,
    }),
    [endpoint],
  );
  // A proposal the node no longer stores is titled from the archive's record (the history's query).
  const archived = useQuery(archiveQueries.proposal(endpoint, query.isError && !proposal ? id : null)).data;
  if (id === null)
    return (
      <InvalidInput
        title="Not a proposal id"
        reason={`"${raw}" is not a proposal id. Proposal ids are whole numbers, like 7.`}
      />
    );
  const gone = query.isError && query.error instanceof NotFoundError;
  return (
    <Stack gap="lg">
      <PageTitle
        kicker={`Proposal #${id}`}
        title={
          proposal
            ? proposal.title || '(untitled proposal)'
            : archived
              ? archived.proposal.title || '(untitled proposal)'
              : `Proposal ${id}`
        }
        docTitle={`Proposal ${id}`}
        right={
          proposal && (
            <Group gap="xs">
              <StatusBadge status={proposal.status} />
              <ExecBadge result={proposal.executor_result} />
            </Group>
          )
        }
      />
      {query.isPending && <LoadingBlock label="Loading proposal" rows={5} />}
      {query.isError && !proposal && !archived && (
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          what={`Proposal ${id}`}
          notFound={`No proposal ${id} is stored. ${PRUNING_NOTE}`}
        />
      )}
      {gone && proposal && (
        <Alert color="yellow" title="This proposal has just been removed from chain state" role="status">
          {PRUNING_NOTE} Showing the last data seen.
        </Alert>
      )}
      {query.isError && proposal && !gone && <StaleNote error={query.error} onRetry={() => void query.refetch()} />}
      {proposal && policy.isError && !policy.data && (
        <LookupFailed
          what="The proposal's group policy"
          waiting="Its group, the policy's pass line and the recount wait for it."
          error={policy.error}
          onRetry={() => void policy.refetch()}
        />
      )}
      {proposal && group.isError && !group.data && (
        <LookupFailed
          what={`Group #${groupId ?? ''}`}
          waiting="The group's total weight (for the pass line and the recount) waits for it."
          error={group.error}
          onRetry={() => void group.refetch()}
        />
      )}
      {proposal && members.isError && !members.data && (
        <LookupFailed
          what="The group's members"
          waiting="The voters' weights wait for them."
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      )}
      {proposal && (
        <Loaded
          {...{ endpoint, proposal, names, weights, needWeights, refreshProposal }}
          weightsLoading={members.isFetching}
          policyFailed={policy.isError && !policy.data}
          policy={policy.data}
          group={group.data}
        />
      )}
      {!query.isPending && (
        <Suspense fallback={<LoadingBlock label="Loading the proposal's history" />}>
          <ProposalHistory endpoint={endpoint} id={id} onChain={proposal !== undefined} />
        </Suspense>
      )}
    </Stack>
  );
}

interface LoadedProps {
  endpoint: string;
  proposal: Proposal;
  policy?: GroupPolicyInfo;
  group?: GroupInfo;
  names: NameRenderers;
  weights?: ReadonlyMap<string, string>;
  weightsLoading: boolean;
  /** The policy could not be read: its group is unknown rather than on its way. */
  policyFailed: boolean;
  needWeights: () => void;
  refreshProposal: () => void;
}

/** The page below the title, once the proposal is known: facts, tally, recount, messages, votes. */
function Loaded(props: LoadedProps) {
  const {
    endpoint,
    proposal,
    policy,
    policyFailed,
    group,
    names,
    weights,
    weightsLoading,
    needWeights,
    refreshProposal,
  } = props;
  const phase = useProposalPhase(proposal);
  return (
    <>
      <ProposalFacts
        proposal={proposal}
        phase={phase}
        policy={policy}
        group={group}
        policyName={<PolicyName endpoint={endpoint} address={proposal.group_policy_address} />}
        groupName={
          policy ? (
            <GroupName endpoint={endpoint} groupId={policy.group_id} />
          ) : (
            <Text fz="sm" c="dimmed">
              {policyFailed ? 'unknown (its policy could not be read)' : '…'}
            </Text>
          )
        }
      />
      <Suspense fallback={<LoadingBlock label="Loading the tally" rows={4} />}>
        <TallyPanel
          endpoint={endpoint}
          proposal={proposal}
          policy={policy}
          group={group}
          onOutcomeChange={refreshProposal}
        />
        <RecountPanel endpoint={endpoint} proposal={proposal} group={group} />
      </Suspense>
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
            onNeedWeights={needWeights}
          />
        </Suspense>
      </Stack>
    </>
  );
}
