import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';

import { NotFoundError } from '../../api/errors.ts';
import { AddressText } from '../../components/address-text.tsx';
import { AppLink } from '../../components/app-link.tsx';
import { ExecBadge, StatusBadge } from '../../components/badges.tsx';
import { InvalidInput } from '../../components/invalid-input.tsx';
import { JsonBlock } from '../../components/json-block.tsx';
import { MetadataText } from '../../components/metadata-text.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ErrorState, LoadingBlock, StaleNote } from '../../components/query-states.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { Field } from '../../features/groups/group-info-card.tsx';
import { groupQueries } from '../../features/groups/queries.ts';
import { policyQueries } from '../../features/policies/queries.ts';
import { proposalQueries } from '../../features/proposals/queries.ts';
import { TallyAudit } from '../../features/proposals/tally-audit.tsx';
import { TallyPanel } from '../../features/proposals/tally-panel.tsx';
import { useBlockPace } from '../../features/proposals/use-block-pace.ts';
import { VotesList } from '../../features/proposals/votes-list.tsx';
import { parseId } from '../../lib/ids.ts';
import { useEndpoint } from '../endpoint.ts';
import { useLatestHeight } from '../latest-height.ts';
import { loaderEndpoint } from '../router.tsx';

export const PRUNING_NOTE =
  'Proposals are removed from chain state: at once when executed successfully, when voting ends if withdrawn or aborted, and 14 days after voting ends otherwise. A pruned proposal can no longer be read from a node.';

export function Component() {
  const e = useEndpoint();
  const raw = useParams().proposalId ?? '';
  const id = parseId(raw);
  const pace = useBlockPace(useLatestHeight(e));
  const q = useQuery({ ...proposalQueries.detail(e, id ?? '0', pace), enabled: id !== null });
  const p = q.data;
  const policy = useQuery({ ...policyQueries.detail(e, p?.group_policy_address ?? ''), enabled: p !== undefined });
  const group = useQuery({
    ...groupQueries.detail(e, policy.data?.group_id ?? '0'),
    enabled: policy.data !== undefined,
  });
  if (id === null)
    return (
      <InvalidInput
        title="Not a proposal id"
        reason={`"${raw}" is not a proposal id. Proposal ids are whole numbers, like 7.`}
      />
    );
  const gone = q.isError && q.error instanceof NotFoundError;
  return (
    <Stack gap="lg">
      <PageTitle
        kicker={`Proposal #${id}`}
        title={p ? p.title || '(untitled proposal)' : `Proposal ${id}`}
        docTitle={`Proposal ${id}`}
        right={
          p && (
            <Group gap="xs">
              <StatusBadge status={p.status} />
              <ExecBadge result={p.executor_result} />
            </Group>
          )
        }
      />
      {q.isPending && <LoadingBlock label="Loading proposal" rows={5} />}
      {q.isError && !p && (
        <ErrorState
          error={q.error}
          onRetry={() => void q.refetch()}
          what={`Proposal ${id}`}
          notFound={`No proposal ${id} is stored. ${PRUNING_NOTE}`}
        />
      )}
      {gone && p && (
        <Alert color="yellow" title="This proposal has just been removed from chain state" role="status">
          {PRUNING_NOTE} Showing the last data seen.
        </Alert>
      )}
      {q.isError && p && !gone && <StaleNote error={q.error} onRetry={() => void q.refetch()} />}
      {p && (
        <>
          <Card>
            <Stack gap="md">
              {p.summary && (
                <Text
                  fz="sm"
                  style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', unicodeBidi: 'isolate' }}
                  data-testid="proposal-summary"
                >
                  {p.summary}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                <Field label="Policy">
                  <AddressText address={p.group_policy_address} to={`/policies/${p.group_policy_address}`} />
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
                    {p.proposers.map((a) => (
                      <AddressText key={a} address={a} to={`/voters/${a}`} />
                    ))}
                  </Stack>
                </Field>
                <Field label="Submitted">
                  <TimeText value={p.submit_time} />
                </Field>
                <Field label="Voting ends">
                  <TimeText value={p.voting_period_end} withRelative />
                </Field>
                <Field label="Versions at submission">
                  <Text fz="sm">
                    group {p.group_version}
                    {group.data && group.data.version !== p.group_version ? ` (now ${group.data.version})` : ''} ·
                    policy {p.group_policy_version}
                    {policy.data && policy.data.version !== p.group_policy_version
                      ? ` (now ${policy.data.version})`
                      : ''}
                  </Text>
                </Field>
              </SimpleGrid>
              {policy.data && policy.data.version !== p.group_policy_version && (
                <Alert
                  color="orange"
                  variant="light"
                  title="The policy changed after submission"
                  data-testid="policy-changed"
                >
                  {p.status === 'PROPOSAL_STATUS_ABORTED'
                    ? `Its policy was updated (version ${p.group_policy_version} → ${policy.data.version}) while it was open, which aborted it.`
                    : `Its policy is now at version ${policy.data.version}.`}
                </Alert>
              )}
              {group.data && group.data.version !== p.group_version && p.status === 'PROPOSAL_STATUS_SUBMITTED' && (
                <Text fz="xs" c="dimmed">
                  The group changed since submission; the live tally uses members' current weights.
                </Text>
              )}
              <Field label="Metadata">
                <MetadataText value={p.metadata} />
              </Field>
            </Stack>
          </Card>
          <TallyPanel endpoint={e} proposal={p} policy={policy.data} group={group.data} />
          <TallyAudit endpoint={e} proposal={p} group={group.data} />
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Messages ({p.messages.length})
            </Title>
            {p.messages.length === 0 ? (
              <Text fz="sm" c="dimmed">
                This proposal carries no messages: passing it executes nothing.
              </Text>
            ) : (
              p.messages.map((m, i) => (
                <Card key={i} padding="sm">
                  <Badge variant="outline" mb="xs" style={{ textTransform: 'none' }}>
                    {m['@type']}
                  </Badge>
                  <JsonBlock value={m} />
                </Card>
              ))
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Votes
            </Title>
            <VotesList endpoint={e} proposal={p} />
          </Stack>
        </>
      )}
    </Stack>
  );
}

export const makeLoader = (qc: QueryClient) => (args: LoaderFunctionArgs) => {
  const id = parseId(args.params.proposalId ?? '');
  if (id !== null) void qc.prefetchQuery(proposalQueries.detail(loaderEndpoint(args), id));
  return null;
};
