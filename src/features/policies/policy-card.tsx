import { Card, SimpleGrid, Stack, Text } from '@mantine/core';

import type { GroupInfo, GroupPolicyInfo } from '../../api/schemas.ts';
import { AppLink } from '../../components/page/app-link.tsx';
import { Field } from '../../components/page/field.tsx';
import { MetadataText } from '../../components/text/metadata-text.tsx';
import { AddressText } from '../../components/values/address-text.tsx';
import { TimeText } from '../../components/values/time-text.tsx';
import { metadataName } from '../../lib/text/metadata.ts';
import { DecisionPolicySummary } from './decision-policy-summary.tsx';

/** A policy's facts and its rule in words; the group, once read, names it and weighs the pass line. */
export function PolicyCard({ policy, group }: { policy: GroupPolicyInfo; group?: GroupInfo }) {
  return (
    <Card>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Field label="Group">
          <AppLink to={`/groups/${policy.group_id}`}>
            #{policy.group_id}
            {group ? ` · ${metadataName(group.metadata, '')}` : ''}
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
        <DecisionPolicySummary policy={policy.decision_policy} totalWeight={group?.total_weight} />
      </Stack>
      <Stack gap={2} mt="md">
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          Metadata
        </Text>
        <MetadataText value={policy.metadata} elsewhere="name" />
      </Stack>
      <Text fz="sm" mt="md">
        <AppLink to={`/voters/${policy.admin}`}>All groups and policies of this admin</AppLink>
      </Text>
    </Card>
  );
}
