import { Button, Group, NumberInput, Text } from '@mantine/core';
import { useState } from 'react';

import { setTrustingPeriodDays, useTrustingPeriodDays } from './trusting-period.ts';

// The reader's own trusting period for this server's bundles, in days (kept in this browser):
// an auditor who knows the chain's unbonding time better than its node says sets it here, as
// `--trusting-period` does for the command.

export function PeriodSetting({ endpoint }: { endpoint: string }) {
  const days = useTrustingPeriodDays(endpoint);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<string | number>(days ?? 14);
  if (!editing)
    return (
      <Button size="compact-xs" variant="subtle" onClick={() => setEditing(true)} data-testid="proof-period-change">
        {days === null ? 'Set your own period' : 'Change your period'}
      </Button>
    );
  const valid = typeof draft === 'number' && draft > 0 && draft <= 3650;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="proof-period-setting">
      <NumberInput
        size="xs"
        w={140}
        label="Trusting period (days)"
        min={1}
        max={3650}
        value={draft}
        onChange={setDraft}
        error={valid ? undefined : 'From 1 to 3,650 days'}
      />
      <Button
        size="xs"
        disabled={!valid}
        onClick={() => {
          if (typeof draft === 'number') setTrustingPeriodDays(endpoint, draft);
          setEditing(false);
        }}
      >
        Check with it
      </Button>
      {days !== null && (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => {
            setTrustingPeriodDays(endpoint, null);
            setEditing(false);
          }}
        >
          Use the chain’s
        </Button>
      )}
      <Text fz="xs" c="dimmed">
        Kept in this browser for this server’s bundles.
      </Text>
    </Group>
  );
}
