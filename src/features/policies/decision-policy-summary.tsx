import { List, Text } from '@mantine/core';

import type { DecisionPolicy } from '../../api/schemas.ts';
import { dec, percentOf } from '../../lib/decimal.ts';
import { readPolicy } from '../../lib/decision.ts';
import { grouped } from '../../lib/format-number.ts';
import { humanDuration } from '../../lib/time.ts';

/** A decision policy in plain words: what it takes to pass, and its time windows. */
export function DecisionPolicySummary({ policy, totalWeight }: { policy: DecisionPolicy; totalWeight?: string }) {
  const p = readPolicy(policy);
  if (p.kind === 'unknown') return <Text fz="sm">Policy type {p.type} (not interpreted by Polity)</Text>;
  let rule: string;
  if (p.kind === 'threshold') {
    const share = totalWeight ? percentOf(p.threshold, totalWeight) : null;
    const capped = totalWeight && dec(p.threshold).gt(totalWeight);
    rule = `Passes with ${grouped(p.threshold)} yes weight`;
    if (totalWeight) {
      rule +=
        share === null ? ' (the group has no weight)' : ` — ${share}% of the total weight ${grouped(totalWeight)}`;
      if (capped)
        rule += `. The threshold is above the total, so the line is the total weight: every unit must vote yes`;
    }
  } else {
    const pct = dec(p.percentage).times(100).toFixed();
    rule = `Passes when yes is at least ${pct}% of the total weight`;
    if (totalWeight)
      rule += ` (${grouped(dec(p.percentage).times(totalWeight).toFixed())} of ${grouped(totalWeight)} now)`;
  }
  return (
    <List size="sm" spacing={4}>
      <List.Item>
        <Text span fw={600}>
          {p.kind === 'threshold' ? 'Threshold' : 'Percentage'}:
        </Text>{' '}
        {rule}.
      </List.Item>
      <List.Item>Voting period: {humanDuration(p.votingPeriodS)}</List.Item>
      <List.Item>
        Minimum execution period: {humanDuration(p.minExecutionS)}
        {p.minExecutionS === 0 ? ' (can execute as soon as it passes)' : ' after submission'}
      </List.Item>
    </List>
  );
}

export function policyOneLiner(policy: DecisionPolicy): string {
  const p = readPolicy(policy);
  if (p.kind === 'unknown') return p.type;
  const rule =
    p.kind === 'threshold'
      ? `threshold ${grouped(p.threshold)}`
      : `${dec(p.percentage).times(100).toFixed()}% of weight`;
  return `${rule} · votes ${humanDuration(p.votingPeriodS)}`;
}
