import { List, Text } from '@mantine/core';

import type { DecisionPolicy } from '../../api/schemas.ts';
import { PhraseText } from '../../components/text/phrase-text.tsx';
import { describePolicy, readPolicy } from '../../domain/decision-policies.ts';
import { humanDuration } from '../../lib/time.ts';

/** A decision policy in plain words: what it takes to pass, and its time windows. */
export function DecisionPolicySummary({ policy, totalWeight }: { policy: DecisionPolicy; totalWeight?: string }) {
  const read = readPolicy(policy);
  if (!read.known) return <Text fz="sm">Policy type {read.type} (not interpreted by Polity)</Text>;
  return (
    <List size="sm" spacing={4}>
      <List.Item>
        <Text span fw={600} fz="inherit">
          {read.name}:
        </Text>{' '}
        <PhraseText phrase={describePolicy(read, totalWeight)} />.
      </List.Item>
      <List.Item>Voting period: {humanDuration(read.votingPeriodSeconds)}</List.Item>
      <List.Item>
        Minimum execution period: {humanDuration(read.minExecutionSeconds)}
        {read.minExecutionSeconds === 0 ? ' (can execute as soon as it passes)' : ' after submission'}
      </List.Item>
    </List>
  );
}
