import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';

import { NotFoundError } from '../api/errors.ts';
import { AddressText } from '../components/address-text.tsx';
import { AppLink } from '../components/app-link.tsx';
import { ExecBadge, StatusBadge } from '../components/badges.tsx';
import { Field } from '../components/field.tsx';
import { InvalidInput } from '../components/invalid-input.tsx';
import { JsonBlock } from '../components/json-block.tsx';
import { MetadataText } from '../components/metadata-text.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { ErrorState, LoadingBlock, StaleNote } from '../components/query-states.tsx';
import { TimeText } from '../components/time-text.tsx';
import { isUndecided } from '../domain/proposal-phase.ts';
import { RecountPanel } from '../features/audit/recount-panel.tsx';
import { groupQueries } from '../features/groups/queries.ts';
import { policyQueries } from '../features/policies/queries.ts';
import { proposalQueries } from '../features/proposals/queries.ts';
import { TallyPanel } from '../features/proposals/tally-panel.tsx';
import { VotesList } from '../features/proposals/votes-list.tsx';
import { useBlockPace } from '../hooks/use-block-pace.ts';
import { useEndpoint } from '../hooks/use-endpoint.ts';
import { endpointOfRequest } from '../lib/endpoint.ts';
import { parseId } from '../lib/ids.ts';

const PRUNING_NOTE =
  'Proposals are removed from chain state: at once when executed successfully, when voting ends if withdrawn ' +
  'or aborted, and 14 days after voting ends otherwise. A pruned proposal can no longer be read from a node.';

export function Component() {
  const endpoint = useEndpoint();
  const raw = useParams().proposalId ?? '';
  const id = parseId(raw);
  const pace = useBlockPace(endpoint);
  const query = useQuery(proposalQueries.detail(endpoint, id, pace));
  const proposal = query.data;
  const policy = useQuery(policyQueries.detail(endpoint, proposal?.group_policy_address ?? null));
  const group = useQuery(groupQueries.detail(endpoint, policy.data?.group_id ?? null));
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
        title={proposal ? proposal.title || '(untitled proposal)' : `Proposal ${id}`}
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
      {query.isError && !proposal && (
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
      {proposal && (
        <>
          <Card>
            <Stack gap="md">
              {proposal.summary && (
                <Text
                  fz="sm"
                  style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', unicodeBidi: 'isolate' }}
                  data-testid="proposal-summary"
                >
                  {proposal.summary}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                <Field label="Policy">
                  <AddressText
                    address={proposal.group_policy_address}
                    to={`/policies/${proposal.group_policy_address}`}
                  />
                </Field>
                <Field label="Group">
                  {policy.data ? (
                    <AppLink to={`/groups/${policy.data.group_id}`}>#{policy.data.group_id}</AppLink>
                  ) : (
                    <Text fz="sm" c="dimmed">
                      …
                    </Text>
                  )}
                </Field>
                <Field label="Proposers">
                  <Stack gap={2}>
                    {proposal.proposers.map((proposer) => (
                      <AddressText key={proposer} address={proposer} to={`/voters/${proposer}`} />
                    ))}
                  </Stack>
                </Field>
                <Field label="Submitted">
                  <TimeText value={proposal.submit_time} />
                </Field>
                <Field label="Voting ends">
                  <TimeText value={proposal.voting_period_end} withRelative />
                </Field>
                <Field label="Versions at submission">
                  <Text fz="sm">
                    group {proposal.group_version}
                    {group.data && group.data.version !== proposal.group_version
                      ? ` (now ${group.data.version})`
                      : ''}{' '}
                    · policy {proposal.group_policy_version}
                    {policy.data && policy.data.version !== proposal.group_policy_version
                      ? ` (now ${policy.data.version})`
                      : ''}
                  </Text>
                </Field>
              </SimpleGrid>
              {policy.data && policy.data.version !== proposal.group_policy_version && (
                <Alert
                  color="orange"
                  variant="light"
                  title="The policy changed after submission"
                  data-testid="policy-changed"
                >
                  {proposal.status === 'PROPOSAL_STATUS_ABORTED'
                    ? `Its policy was updated (version ${proposal.group_policy_version} → ${policy.data.version}) ` +
                      'while it was open, which aborted it.'
                    : `Its policy is now at version ${policy.data.version}.`}
                </Alert>
              )}
              {group.data && group.data.version !== proposal.group_version && isUndecided(proposal.status) && (
                <Text fz="xs" c="dimmed">
                  The group changed since submission; the live tally uses members' current weights.
                </Text>
              )}
              <Field label="Metadata">
                <MetadataText value={proposal.metadata} />
              </Field>
            </Stack>
          </Card>
          <TallyPanel endpoint={endpoint} proposal={proposal} policy={policy.data} group={group.data} />
          <RecountPanel endpoint={endpoint} proposal={proposal} group={group.data} />
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Messages ({proposal.messages.length})
            </Title>
            {proposal.messages.length === 0 ? (
              <Text fz="sm" c="dimmed">
                This proposal carries no messages: passing it executes nothing.
              </Text>
            ) : (
              proposal.messages.map((message, index) => (
                <Card key={index} padding="sm">
                  <Badge variant="outline" mb="xs" style={{ textTransform: 'none' }}>
                    {message['@type']}
                  </Badge>
                  <JsonBlock value={message} />
                </Card>
              ))
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Votes
            </Title>
            <VotesList endpoint={endpoint} proposal={proposal} />
          </Stack>
        </>
      )}
    </Stack>
  );
}

export const makeLoader = (queryClient: QueryClient) => (args: LoaderFunctionArgs) => {
  const id = parseId(args.params.proposalId ?? '');
  if (id !== null) void queryClient.prefetchQuery(proposalQueries.detail(endpointOfRequest(args.request), id));
  return null;
};
