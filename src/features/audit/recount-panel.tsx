import { Alert, Button, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';

import type { GroupInfo, Proposal } from '../../api/schemas.ts';
import { ProofDownloadButton } from '../../components/page/proof-download-button.tsx';
import { ErrorState } from '../../components/states/query-states.tsx';
import { DecimalText } from '../../components/values/decimal-text.tsx';
import { isUndecided } from '../../domain/proposal-phase.ts';
import { sameTally } from '../../domain/recount.ts';
import { TALLY_ORDER, VOTE_OPTIONS } from '../../domain/vote-options.ts';
import { proofReference } from '../../hooks/proof-bundle.ts';
import { grouped } from '../../lib/format-number.ts';
import { useRecount, type Audit } from './use-recount.ts';
import { downloadVotesCsv, downloadVotesJson } from './votes-csv.ts';

const DIFFERS = {
  node:
    'The recount differs from the chain’s tally. On a live proposal, votes cast while the recount was loading ' +
    'explain a difference; recount again to check.',
  archive:
    'The archived votes do not add up to the final tally the chain stored: the archive is missing votes (it may ' +
    'have begun after some were cast) or holds a wrong weight. The archive’s status lists the heights it holds.',
} as const;

function addsUp({ recount, source }: Audit): string {
  const skipped = recount.skipped.length
    ? `, ${grouped(String(recount.skipped.length))} not counted (no longer members)`
    : '';
  const what =
    source === 'archive' ? 'final tally adds up from the archived votes at their tally-time weights' : 'tally adds up';
  return `The chain's ${what}: ${grouped(String(recount.counted))} counted votes${skipped}.`;
}

/** What the archive knows of a proposal's votes, for a final tally's recount. */
export interface ArchivedVotes {
  count: string;
  /** Whether the archive saw the tally made (so each vote carries the weight it counted with). */
  talliedSeen: boolean;
}

const NO_TALLY = 'There is no tally to check: a withdrawn or aborted proposal is never counted by the chain.';

function finalNote(archived: ArchivedVotes | null | undefined): string | null {
  if (archived === undefined) return 'Asking the archive whether it kept this proposal’s votes…';
  if (archived === null)
    return 'The node pruned this proposal’s votes when it was tallied, and this endpoint has no archive that kept them: the final tally cannot be recounted here.';
  if (!archived.talliedSeen)
    return 'The archive found this proposal already decided, so it does not know the weight each vote counted with: the final tally cannot be recounted.';
  return null;
}

/**
 * For auditors: recounts the tally the way the chain does and compares it with the chain's own
 * answer — from the node's stored votes while voting, from the archive's once final — and exports
 * the votes as CSV.
 */
export function RecountPanel({
  endpoint,
  proposal,
  group,
  archived,
}: {
  endpoint: string;
  proposal: Proposal;
  group?: GroupInfo;
  /** undefined: still asking; null: no archive record. */
  archived?: ArchivedVotes | null;
}) {
  const undecided = isUndecided(proposal.status);
  const final = proposal.status === 'PROPOSAL_STATUS_ACCEPTED' || proposal.status === 'PROPOSAL_STATUS_REJECTED';
  const audit = useRecount(
    endpoint,
    proposal.id,
    undecided ? { from: 'node', groupId: group?.id } : { from: 'archive', finalTally: proposal.final_tally_result },
  );
  const blocked = undecided ? (group ? null : 'Loading the group…') : final ? finalNote(archived) : NO_TALLY;
  const result = audit.data;
  const { progress } = audit;
  const start = () => audit.mutate();
  const client = useQueryClient();
  const subject = { kind: 'proposal', id: proposal.id } as const;
  // Each export names the proof bundle beside it (read now if the page has not read it yet).
  const exportAs = async (format: 'csv' | 'json', audited: Audit) => {
    const proof = await proofReference(client, endpoint, subject);
    if (format === 'csv') await downloadVotesCsv(audited, proposal.id, proof);
    else downloadVotesJson(audited, proposal.id, proof, new Date());
  };
  return (
    <Card data-testid="tally-audit">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg">
          Check the tally
        </Title>
        <Group gap="xs">
          {result && (
            <>
              <Button size="xs" variant="default" onClick={() => void exportAs('csv', result)}>
                Download votes (CSV)
              </Button>
              <Button size="xs" variant="default" onClick={() => void exportAs('json', result)}>
                Download votes (JSON)
              </Button>
              <ProofDownloadButton endpoint={endpoint} subject={subject} />
            </>
          )}
          <Button size="xs" variant="light" disabled={blocked !== null} loading={audit.isPending} onClick={start}>
            {result ? 'Recount again' : 'Recount from every vote'}
          </Button>
        </Group>
      </Group>
      {blocked !== null && !undecided && (
        <Text fz="sm" c="dimmed">
          {blocked}
        </Text>
      )}
      {blocked === null && audit.isIdle && (
        <Text fz="sm" c="dimmed">
          {undecided
            ? 'Loads all stored votes and all members of the group, adds up each vote at the voter’s current weight, and compares the result with the chain’s tally.'
            : `Loads the ${grouped(archived?.count ?? '0')} votes the archive kept, adds up each at the weight it counted with when the chain tallied, and compares the result with the final tally the chain stored.`}
        </Text>
      )}
      {audit.isPending && (
        <Stack gap={4}>
          <Text fz="sm">
            Loaded {grouped(String(progress.votes))} votes
            {undecided ? ` and ${grouped(String(progress.members))} members` : ' from the archive'}…
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
            {sameTally(result.chain, result.recount.tally) ? addsUp(result) : DIFFERS[result.source]}
            {result.height ? ` Chain tally read at height ${grouped(result.height)}.` : ''}
          </Alert>
          <Table fz="sm" withRowBorders={false}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Option</Table.Th>
                <Table.Th ta="right">{result.source === 'archive' ? 'Final tally' : 'Chain'}</Table.Th>
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
