import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import type { Proposal } from '../../api/schemas.ts';
import { spendLines, spendOf, sumCoins } from '../../domain/treasury.ts';
import { denomUnitsQuery, policyBalancesQuery } from '../../hooks/shared-queries.ts';

/**
 * Beside a proposal that may still run: what its messages would send out of the policy against
 * what the policy holds now, per denom, and a warning where it would overdraw. Nothing for a
 * proposal that sends nothing of the policy's, or once it can no longer run.
 */
export function ProposalSpend({ endpoint, proposal }: { endpoint: string; proposal: Proposal }) {
  const spend = spendOf(proposal.messages, proposal.group_policy_address);
  const mayRun =
    proposal.status === 'PROPOSAL_STATUS_SUBMITTED' ||
    (proposal.status === 'PROPOSAL_STATUS_ACCEPTED' && proposal.executor_result !== 'PROPOSAL_EXECUTOR_RESULT_SUCCESS');
  const balances = useQuery(policyBalancesQuery(endpoint, spend && mayRun ? proposal.group_policy_address : null));
  const units = useQuery(denomUnitsQuery(endpoint)).data;
  if (!spend || !mayRun || !balances.data || !units) return null;
  const lines = spendLines(spend, sumCoins([balances.data]), units);
  const overdraws = lines.some((line) => line.overdraws);
  const words = lines.map((line) => (
    <Text key={line.denom} fz="sm">
      {line.words}
    </Text>
  ));
  return overdraws ? (
    <Alert color="red" title="More than the policy holds" data-testid="proposal-spend">
      <Stack gap={4}>{words}</Stack>
    </Alert>
  ) : (
    <Stack gap={4} data-testid="proposal-spend">
      {words}
    </Stack>
  );
}
