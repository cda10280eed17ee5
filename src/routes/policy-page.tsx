import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';

import { AddressText } from '../components/address-text.tsx';
import { AppLink } from '../components/app-link.tsx';
import { Field } from '../components/field.tsx';
import { InvalidInput } from '../components/invalid-input.tsx';
import { metadataName, MetadataText } from '../components/metadata-text.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { ErrorState, LoadingBlock, LookupFailed, StaleNote } from '../components/query-states.tsx';
import { TimeText } from '../components/time-text.tsx';
import { groupQueries } from '../features/groups/queries.ts';
import { DecisionPolicySummary } from '../features/policies/decision-policy-summary.tsx';
import { policyQueries } from '../features/policies/queries.ts';
import { ProposalList } from '../features/proposals/proposal-list.tsx';
import { useEndpoint } from '../hooks/use-endpoint.ts';
import { checkAddress } from '../lib/address.ts';

export function Component() {
  const endpoint = useEndpoint();
  const raw = useParams().address ?? '';
  const check = checkAddress(raw);
  const address = check.ok ? check.address : null;
  const info = useQuery(policyQueries.detail(endpoint, address));
  const proposals = useInfiniteQuery(policyQueries.proposals(endpoint, address));
  const group = useQuery(groupQueries.detail(endpoint, info.data?.group_id ?? null));
  if (!check.ok) return <InvalidInput title="Not a policy address" reason={check.reason} />;
  const policy = info.data;
  return (
    <Stack gap="lg">
      <PageTitle
        kicker="Group policy"
        title={policy ? metadataName(policy.metadata, 'Group policy') : 'Group policy'}
        docTitle="Policy"
      />
      <AddressText address={check.address} full />
      {info.isPending && <LoadingBlock label="Loading policy" />}
      {info.isError && !policy && (
        <ErrorState
          error={info.error}
          onRetry={() => void info.refetch()}
          what="Policy"
          notFound={
            <>
              This address is not a group policy on this chain.{' '}
              <AppLink to={`/voters/${check.address}`}>See it as a voter or admin instead.</AppLink>
            </>
          }
        />
      )}
      {info.isError && policy && <StaleNote error={info.error} onRetry={() => void info.refetch()} />}
      {policy && group.isError && !group.data && (
        <LookupFailed
          what={`Group #${policy.group_id}`}
          waiting="The group's name and total weight (what a percentage policy's pass line is measured against) wait for it."
          error={group.error}
          onRetry={() => void group.refetch()}
        />
      )}
      {policy && (
        <>
          <Card>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <Field label="Group">
                <AppLink to={`/groups/${policy.group_id}`}>
                  #{policy.group_id}
                  {group.data ? ` · ${metadataName(group.data.metadata, '')}` : ''}
                </AppLink>
              </Field>
              <Field label="Admin">
                <AddressText address={policy.admin} to={`/voters/${policy.admin}`} />
              </Field>
              <Field label="Version">
                <Text fz="sm">{policy.version}</Text>
              </Field>
              <Field label="Created">
                <TimeText value={policy.created_at} />
              </Field>
            </SimpleGrid>
            <Stack gap={4} mt="md">
              <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                Decision policy
              </Text>
              <DecisionPolicySummary policy={policy.decision_policy} totalWeight={group.data?.total_weight} />
            </Stack>
            <Stack gap={2} mt="md">
              <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                Metadata
              </Text>
              <MetadataText value={policy.metadata} />
            </Stack>
            <Text fz="sm" mt="md">
              <AppLink to={`/voters/${policy.admin}`}>All groups and policies of this admin</AppLink>
            </Text>
          </Card>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Proposals
            </Title>
            <ProposalList query={proposals} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
