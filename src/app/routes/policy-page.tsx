import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';

import { AddressText } from '../../components/address-text.tsx';
import { AppLink } from '../../components/app-link.tsx';
import { InvalidInput } from '../../components/invalid-input.tsx';
import { metadataName, MetadataText } from '../../components/metadata-text.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { ErrorState, LoadingBlock, StaleNote } from '../../components/query-states.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { Field } from '../../features/groups/group-info-card.tsx';
import { groupQueries } from '../../features/groups/queries.ts';
import { DecisionPolicySummary } from '../../features/policies/decision-policy-summary.tsx';
import { policyQueries } from '../../features/policies/queries.ts';
import { ProposalList } from '../../features/proposals/proposal-list.tsx';
import { checkAddress } from '../../lib/address.ts';
import { useEndpoint } from '../endpoint.ts';
import { loaderEndpoint } from '../router.tsx';

export function Component() {
  const e = useEndpoint();
  const raw = useParams().address ?? '';
  const check = checkAddress(raw);
  const address = check.ok ? check.address : '';
  const info = useQuery({ ...policyQueries.detail(e, address), enabled: check.ok });
  const proposals = useInfiniteQuery({ ...policyQueries.proposals(e, address), enabled: check.ok });
  const group = useQuery({ ...groupQueries.detail(e, info.data?.group_id ?? '0'), enabled: info.data !== undefined });
  if (!check.ok) return <InvalidInput title="Not a policy address" reason={check.reason} />;
  const p = info.data;
  return (
    <Stack gap="lg">
      <PageTitle
        kicker="Group policy"
        title={p ? metadataName(p.metadata, 'Group policy') : 'Group policy'}
        docTitle="Policy"
      />
      <AddressText address={address} full />
      {info.isPending && <LoadingBlock label="Loading policy" />}
      {info.isError && !p && (
        <ErrorState
          error={info.error}
          onRetry={() => void info.refetch()}
          what="Policy"
          notFound={
            <>
              This address is not a group policy on this chain.{' '}
              <AppLink to={`/voters/${address}`}>See it as a voter or admin instead.</AppLink>
            </>
          }
        />
      )}
      {info.isError && p && <StaleNote error={info.error} onRetry={() => void info.refetch()} />}
      {p && (
        <>
          <Card>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <Field label="Group">
                <AppLink to={`/groups/${p.group_id}`}>
                  #{p.group_id}
                  {group.data ? ` · ${metadataName(group.data.metadata, '')}` : ''}
                </AppLink>
              </Field>
              <Field label="Admin">
                <AddressText address={p.admin} to={`/voters/${p.admin}`} />
              </Field>
              <Field label="Version">
                <Text fz="sm">{p.version}</Text>
              </Field>
              <Field label="Created">
                <TimeText value={p.created_at} />
              </Field>
            </SimpleGrid>
            <Stack gap={4} mt="md">
              <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                Decision policy
              </Text>
              <DecisionPolicySummary policy={p.decision_policy} totalWeight={group.data?.total_weight} />
            </Stack>
            <Stack gap={2} mt="md">
              <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                Metadata
              </Text>
              <MetadataText value={p.metadata} />
            </Stack>
            <Text fz="sm" mt="md">
              <AppLink to={`/voters/${p.admin}`}>All groups and policies of this admin</AppLink>
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

export const makeLoader = (qc: QueryClient) => (args: LoaderFunctionArgs) => {
  const c = checkAddress(args.params.address ?? '');
  if (c.ok) {
    const e = loaderEndpoint(args);
    void qc.prefetchQuery(policyQueries.detail(e, c.address));
    void qc.prefetchInfiniteQuery(policyQueries.proposals(e, c.address));
  }
  return null;
};
