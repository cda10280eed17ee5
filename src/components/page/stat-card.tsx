import { Card, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A figure with its label, as the overview shows them side by side. */
export function StatCard({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Card padding="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </Card>
  );
}

/**
 * A figure read by a query: shown once read, "unavailable" if the read failed with nothing read
 * before, "…" meanwhile.
 */
export function QueryStatCard<T>({
  label,
  query,
  show,
  testId,
}: {
  label: string;
  query: { data: T | undefined; isError: boolean };
  show: (data: T) => ReactNode;
  testId?: string;
}) {
  const value =
    query.data !== undefined ? (
      show(query.data)
    ) : query.isError ? (
      <Text span fz="sm" c="dimmed" fw={400}>
        unavailable
      </Text>
    ) : (
      '…'
    );
  return <StatCard label={label} value={value} testId={testId} />;
}
