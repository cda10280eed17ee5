import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { archivedVoteRowId, voterRecordPath, type VoterFilters, type VoterVote } from '../../api/archive-records.ts';
import type { ExecutorResult } from '../../api/schemas.ts';
import { InfiniteList } from '../../components/lists/infinite-list.tsx';
import { AppLink } from '../../components/page/app-link.tsx';
import { ProofDownloadButton } from '../../components/page/proof-download-button.tsx';
import { ArchiveReach, useArchiveCatchingUp } from '../../components/states/archive-gate.tsx';
import { StatusBadge } from '../../components/tallies/badges.tsx';
import { ExecBadge, OptionBadge } from '../../components/tallies/vote-badges.tsx';
import { ChainLabel } from '../../components/text/on-chain-text.tsx';
import { DecimalText } from '../../components/values/decimal-text.tsx';
import { TimeText } from '../../components/values/time-text.tsx';
import { TxHashText } from '../../components/values/tx-hash-text.tsx';
import { TALLY_ORDER, VOTE_OPTIONS } from '../../domain/vote-options.ts';
import { proofReference } from '../../hooks/proof-bundle.ts';
import { archiveStatusQuery } from '../../hooks/shared-queries.ts';
import { exportName, saveCsvExport } from '../../lib/export-files.ts';
import { saveFile } from '../../lib/export-notes.ts';
import { grouped } from '../../lib/format-number.ts';
import { archivedVoteQueries } from './archive-queries.ts';
import { Participation } from './participation.tsx';
import { voterRecordCsv, voterRecordJson } from './voter-csv.ts';
import classes from './votes.module.css';

const EXEC_RESULTS: readonly string[] = [
  'PROPOSAL_EXECUTOR_RESULT_UNSPECIFIED',
  'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
  'PROPOSAL_EXECUTOR_RESULT_SUCCESS',
  'PROPOSAL_EXECUTOR_RESULT_FAILURE',
] satisfies ExecutorResult[];
const isExecutorResult = (text: string): text is ExecutorResult => EXEC_RESULTS.includes(text);

function Provenance({ vote }: { vote: VoterVote }) {
  if (!vote.pruned_from_chain) return <Text fz="xs">stored on chain</Text>;
  return (
    <Text component="div" fz="xs" data-testid="pruned-vote">
      <Badge size="xs" color="grape" variant="light" mr={4}>
        archived
      </Badge>
      pruned from chain, kept by the archive
      {vote.observed_height ? `, observed at height ${grouped(vote.observed_height)}` : ''}
    </Text>
  );
}

/**
 * The auditor's record from the archive: every vote an address ever cast, newest first, with its
 * exports (CSV and JSON, each naming the proof bundle beside it) and the page's `proof` panel.
 */
export function VoterRecord({ endpoint, address, proof }: { endpoint: string; address: string; proof?: ReactNode }) {
  const [filters, setFilters] = useState<VoterFilters>({ order: 'desc' });
  const query = useInfiniteQuery(archivedVoteQueries.byVoter(endpoint, address, filters));
  const catchingUp = useArchiveCatchingUp(endpoint);
  const status = useQuery(archiveStatusQuery(endpoint));
  const client = useQueryClient();
  const [exporting, setExporting] = useState<'csv' | 'json' | null>(null);
  const subject = { kind: 'voter', address } as const;
  const exportAs = async (format: 'csv' | 'json') => {
    setExporting(format);
    try {
      let result = query;
      while (result.hasNextPage) result = (await result.fetchNextPage()) as typeof query;
      const votes = (result.data?.pages ?? []).flatMap((page) => page.rows);
      const provenance = {
        endpoint: endpoint || window.location.origin,
        voter: address,
        query: voterRecordPath(address, filters),
        status: status.data,
        exportedAt: new Date(),
        proof: await proofReference(client, endpoint, subject),
      };
      const suffix = filters.option ? `-${filters.option.replace('VOTE_OPTION_', '').toLowerCase()}` : '';
      const base = `votes-${address}${suffix}`;
      if (format === 'csv') saveCsvExport(base, await voterRecordCsv(votes, provenance));
      else
        saveFile(voterRecordJson(votes, provenance), `${exportName(base, provenance.proof)}.json`, 'application/json');
    } finally {
      setExporting(null);
    }
  };
  const matching = filters.option ? 'Export matching votes' : 'Export all votes';
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap">
        <ArchiveReach endpoint={endpoint} />
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            loading={exporting === 'csv'}
            onClick={() => void exportAs('csv')}
            disabled={!query.data}
          >
            {matching} (CSV, with provenance)
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={exporting === 'json'}
            onClick={() => void exportAs('json')}
            disabled={!query.data}
          >
            {matching} (JSON)
          </Button>
          <ProofDownloadButton endpoint={endpoint} subject={subject} />
        </Group>
      </Group>
      <Participation
        endpoint={endpoint}
        address={address}
        listed={filters.option ? null : (query.data?.pages[0]?.pagination.total ?? null)}
      />
      {proof}
      <InfiniteList
        label="Every vote by this address"
        query={query}
        identity={archivedVoteRowId}
        noun={filters.option ? 'matching votes' : 'votes'}
        rowHeight={72}
        waiting={catchingUp === null ? null : { reason: catchingUp, what: 'Votes' }}
        empty={
          filters.option ? 'No vote by this address has this option.' : 'The archive has seen no vote by this address.'
        }
        toolbar={
          <Group gap="sm" wrap="wrap" align="flex-end">
            <NativeSelect
              label="Order"
              size="xs"
              w={170}
              value={filters.order}
              onChange={(event) => {
                const order = event.currentTarget.value === 'asc' ? 'asc' : 'desc';
                setFilters((current) => ({ ...current, order }));
              }}
              data={[
                { value: 'desc', label: 'Newest proposal first' },
                { value: 'asc', label: 'Oldest proposal first' },
              ]}
            />
            <NativeSelect
              label="Option"
              size="xs"
              w={150}
              value={filters.option ?? ''}
              onChange={(event) => {
                const option = event.currentTarget.value || undefined;
                setFilters((current) => ({ ...current, option }));
              }}
              data={[
                { value: '', label: 'Any option' },
                ...TALLY_ORDER.map((option) => ({ value: option, label: VOTE_OPTIONS[option].label })),
              ]}
            />
          </Group>
        }
        columns={[
          {
            label: 'Proposal',
            width: 'minmax(200px, 3fr)',
            cell: (vote) => (
              <Stack gap={0}>
                <AppLink to={`/proposals/${vote.proposal_id}`}>
                  #{vote.proposal_id} <ChainLabel value={vote.proposal_title} fallback="(untitled)" />
                </AppLink>
                <AppLink to={`/groups/${vote.group_id}`} fz="xs" className={classes.target}>
                  group #{vote.group_id} <ChainLabel value={vote.group_name} />
                </AppLink>
              </Stack>
            ),
          },
          { label: 'Option', width: '120px', cell: (vote) => <OptionBadge option={vote.option} /> },
          {
            label: 'Weight counted',
            width: 'minmax(90px, 1fr)',
            cell: (vote) =>
              vote.weight === null ? (
                <Text fz="xs" c="dimmed">
                  {vote.proposal_status === 'PROPOSAL_STATUS_SUBMITTED' ? 'not tallied yet' : 'not counted'}
                </Text>
              ) : (
                <DecimalText value={vote.weight} exact interactive={false} />
              ),
          },
          {
            label: 'Outcome',
            // "Not executed yet" is the widest badge: its column never squeezes it.
            width: 'minmax(150px, 1.2fr)',
            wide: true,
            cell: (vote) => (
              <Group gap={4}>
                <StatusBadge status={vote.proposal_status} />
                {isExecutorResult(vote.executor_result) && vote.proposal_status === 'PROPOSAL_STATUS_ACCEPTED' && (
                  <ExecBadge result={vote.executor_result} status={vote.proposal_status} />
                )}
              </Group>
            ),
          },
          {
            label: 'Cast · provenance',
            width: 'minmax(180px, 2fr)',
            wide: true,
            cell: (vote) => (
              <Stack gap={0} align="flex-start">
                {vote.submit_time && <TimeText value={vote.submit_time} compact />}
                <Provenance vote={vote} />
                {vote.tx_hash && <TxHashText hash={vote.tx_hash} />}
              </Stack>
            ),
          },
        ]}
      />
    </Stack>
  );
}
