import { Alert, Button, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';

import type { GroupInfo, Proposal } from '../../api/schemas.ts';
import { DecimalText } from '../../components/decimal-text.tsx';
import { ErrorState } from '../../components/query-states.tsx';
import { isUndecided } from '../../domain/proposal-phase.ts';
import { sameTally } from '../../domain/recount.ts';
import { TALLY_ORDER, VOTE_OPTIONS } from '../../domain/vote-options.ts';
import { grouped } from '../../lib/format-number.ts';
import { useRecount, type Audit } from './use-recount.ts';
import { downloadVotesCsv } from './votes-csv.ts';

const DIFFERS =
  'The recount differs from the chain’s tally. On a live proposal, votes cast while the recount was loading ' +
  'explain a difference; recount again to check.';

function addsUp({ recount }: Audit): string {
  const skipped = recount.skipped.length ? `, ${recount.skipped.length} skipped (no longer members)` : '';
  return `The chain's tally adds up: ${grouped(String(recount.counted))} counted votes${skipped}.`;
}

/**
 * For auditors: loads every stored vote and every member, recounts the tally the way the chain
 * does, and compares it with the chain's own answer. Also exports the votes as CSV.
 */
export function RecountPanel({
  endpoint,
  proposal,
  group,
}: {
  endpoint: string;
  proposal: Proposal;
  group?: GroupInfo;
}) {
  const audit = useRecount(endpoint, proposal.id, group?.id);
  // Votes are pruned once a proposal is final, so only an undecided one can be recounted.
  const recountable = isUndecided(proposal.status);
  const result = audit.data;
  const { progress } = audit;
  const start = () => audit.mutate();
  return (
    <Card data-testid="tally-audit">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg">
          Check the tally
        </Title>
        <Group gap="xs">
          {result && (
            <Button size="xs" variant="default" onClick={() => void downloadVotesCsv(result, proposal.id)}>
              Download votes (CSV)
            </Button>
          )}
          <Button size="xs" variant="light" disabled={!recountable || !group} loading={audit.isPending} onClick={start}>
            {result ? 'Recount again' : 'Recount from every vote'}
          </Button>
        </Group>
      </Group>
      {!recountable && (
        <Text fz="sm" c="dimmed">
          Only a proposal still in voting can be recounted: once final, its votes are pruned and only the stored final
          tally remains.
        </Text>
      )}
      {recountable && audit.isIdle && (
        <Text fz="sm" c="dimmed">
          Loads all stored votes and all members of the group, adds up each vote at the voter's current weight, and
          compares the result with the chain's tally.
        </Text>
      )}
      {audit.isPending && (
        <Stack gap={4}>
          <Text fz="sm">
            Loaded {grouped(String(progress.votes))} votes and {grouped(String(progress.members))} members…
          </Text>
          <Progress value={100} animated striped aria-label="Recounting: loading every vote and member" />
        </Stack>
      )}
      {audit.isError && <ErrorState error={audit.error} what="Recount" onRetry={start} />}
      {result && (
        <Stack gap="xs">
          <Alert
            color={sameTally(result.chain, result.recount.tally) ? 'teal' : 'orange'}
            variant="light"
            data-testid="audit-result"
          >
            {sameTally(result.chain, result.recount.tally) ? addsUp(result) : DIFFERS}
            {result.height ? ` Chain tally read at height ${result.height}.` : ''}
          </Alert>
          <Table fz="sm" withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Option</Table.Th>
                <Table.Th ta="right">Chain</Table.Th>
                <Table.Th ta="right">Recount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {TALLY_ORDER.map((option) => {
                const { label, tallyField } = VOTE_OPTIONS[option];
                return (
                  <Table.Tr key={tallyField}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td ta="right">
                      <DecimalText value={result.chain[tallyField]} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <DecimalText value={result.recount.tally[tallyField]} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Card>
  );
}
