import { Alert, Button, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { GroupInfo, Proposal } from '../../api/schemas.ts';
import { OPTION_LABEL } from '../../components/badges.tsx';
import { ErrorState } from '../../components/query-states.tsx';
import { grouped } from '../../lib/format-number.ts';
import { sameTally } from '../../lib/tally-audit.ts';
import { proposalQueries, type Audit } from './queries.ts';
import { TALLY_ROWS } from './tally-rows.ts';

async function downloadCsv(audit: Audit, proposalId: string) {
  const { unparse } = await import('papaparse');
  const weights = new Map(audit.members.map((m) => [m.member.address, m.member.weight]));
  const csv = unparse(
    {
      fields: ['proposal_id', 'voter', 'option', 'current_weight', 'counted', 'submit_time', 'metadata'],
      data: audit.votes.map((v) => [
        v.proposal_id,
        v.voter,
        v.option,
        weights.get(v.voter) ?? '',
        weights.has(v.voter) ? 'yes' : 'no (not a member)',
        v.submit_time,
        v.metadata,
      ]),
    },
    { escapeFormulae: true },
  );
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `proposal-${proposalId}-votes.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * For auditors: loads every stored vote and every member, recounts the tally the way the chain
 * does, and compares it with the chain's own answer. Also exports the votes as CSV.
 */
export function TallyAudit({ endpoint, proposal, group }: { endpoint: string; proposal: Proposal; group?: GroupInfo }) {
  const [run, setRun] = useState(0);
  const [progress, setProgress] = useState({ votes: 0, members: 0 });
  const audit = useQuery({
    ...proposalQueries.audit(endpoint, proposal.id, group?.id ?? '0', run, setProgress),
    enabled: run > 0 && group !== undefined,
  });
  const open = proposal.status === 'PROPOSAL_STATUS_SUBMITTED';
  const a = audit.data;
  return (
    <Card data-testid="tally-audit">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg">
          Check the tally
        </Title>
        <Group gap="xs">
          {a && (
            <Button size="xs" variant="default" onClick={() => void downloadCsv(a, proposal.id)}>
              Download votes (CSV)
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            disabled={!open || !group}
            loading={audit.isFetching}
            onClick={() => setRun((r) => r + 1)}
          >
            {a ? 'Recount again' : 'Recount from every vote'}
          </Button>
        </Group>
      </Group>
      {!open && (
        <Text fz="sm" c="dimmed">
          Only a proposal still in voting can be recounted: once final, its votes are pruned and only the stored final
          tally remains.
        </Text>
      )}
      {open && !a && !audit.isFetching && !audit.isError && (
        <Text fz="sm" c="dimmed">
          Loads all stored votes and all members of the group, adds up each vote at the voter's current weight, and
          compares the result with the chain's tally.
        </Text>
      )}
      {audit.isFetching && (
        <Stack gap={4}>
          <Text fz="sm">
            Loaded {grouped(String(progress.votes))} votes and {grouped(String(progress.members))} members…
          </Text>
          <Progress value={100} animated striped aria-label="Recounting" />
        </Stack>
      )}
      {audit.isError && <ErrorState error={audit.error} what="Recount" onRetry={() => setRun((r) => r + 1)} />}
      {a && !audit.isFetching && (
        <Stack gap="xs">
          <Alert
            color={sameTally(a.chain, a.recount.tally) ? 'teal' : 'orange'}
            variant="light"
            data-testid="audit-result"
          >
            {sameTally(a.chain, a.recount.tally)
              ? `The chain's tally adds up: ${grouped(String(a.recount.counted))} counted votes${a.recount.skipped.length ? `, ${a.recount.skipped.length} skipped (no longer members)` : ''}.`
              : 'The recount differs from the chain’s tally. On a live proposal, votes cast while the recount was loading explain a difference; recount again to check.'}
            {a.height ? ` Chain tally read at height ${a.height}.` : ''}
          </Alert>
          <Table fz="sm" withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Option</Table.Th>
                <Table.Th>Chain</Table.Th>
                <Table.Th>Recount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {TALLY_ROWS.map(([k, option]) => (
                <Table.Tr key={k}>
                  <Table.Td>{OPTION_LABEL[option]}</Table.Td>
                  <Table.Td ff="monospace">{grouped(a.chain[k])}</Table.Td>
                  <Table.Td ff="monospace">{grouped(a.recount.tally[k])}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Card>
  );
}
