import { Card, SimpleGrid, Stack, Text } from '@mantine/core';

import type { GroupInfo } from '../../api/schemas.ts';
import { Field } from '../../components/page/field.tsx';
import { MetadataText } from '../../components/text/metadata-text.tsx';
import { AddressText } from '../../components/values/address-text.tsx';
import { DecimalText } from '../../components/values/decimal-text.tsx';
import { TimeText } from '../../components/values/time-text.tsx';

export function GroupInfoCard({ group }: { group: GroupInfo }) {
  return (
    <Card>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        <Field label="Admin">
          <AddressText address={group.admin} to={`/voters/${group.admin}`} />
        </Field>
        <Field label="Total weight">
          <Text fz="sm">
            <DecimalText value={group.total_weight} testId="total-weight" />
          </Text>
        </Field>
        <Field label="Version">
          <Text fz="sm">{group.version}</Text>
        </Field>
        <Field label="Created">
          <TimeText value={group.created_at} />
        </Field>
      </SimpleGrid>
      <Stack gap={2} mt="md">
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          Metadata
        </Text>
        <MetadataText value={group.metadata} elsewhere="name" />
      </Stack>
    </Card>
  );
}
