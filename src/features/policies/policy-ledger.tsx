import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { nextPageParam, type PageParam } from '../../api/pagination.ts';
import type { LedgerTransfer } from '../../api/treasury/ledger.ts';
import { InfiniteList } from '../../components/lists/infinite-list.tsx';
import { AppLink } from '../../components/page/app-link.tsx';
import { useArchiveCatchingUp } from '../../components/states/archive-gate.tsx';
import { AddressText } from '../../components/values/address-text.tsx';
import { TimeText } from '../../components/values/time-text.tsx';
import { TxHashText } from '../../components/values/tx-hash-text.tsx';
import { archiveStatusQuery } from '../../hooks/shared-queries.ts';
import { saveCsvExport } from '../../lib/export-files.ts';
import { grouped } from '../../lib/format-number.ts';
import { ledgerCsv } from './ledger-csv.ts';

const ledgerApi = () => import('../../api/treasury/ledger.ts');
const rowId = (row: LedgerTransfer) =>
  `${row.height}/${row.tx_hash ?? ''}/${row.direction}/${row.amount}/${row.counterparty}`;

const ledgerQuery = (endpoint: string, address: string) =>
  infiniteQueryOptions({
    queryKey: ['api', endpoint, 'policies', 'ledger', address],
    queryFn: ({ pageParam, signal }) =>
      ledgerApi().then((api) => api.getPolicyLedger(endpoint, address, { param: pageParam, signal })),
    initialPageParam: null as PageParam,
    getNextPageParam: (_last, pages) => nextPageParam(pages, rowId),
  });

/** "500stake,3uatom" → "500 stake, 3 uatom": the event's coins with their digits grouped. */
const amountText = (amount: string) =>
  amount
    .split(',')
    .map((coin) => /^(\d+)(.+)$/.exec(coin))
    .map((match, index) => (match ? `${grouped(match[1])} ${match[2]}` : amount.split(',')[index]))
    .join(', ');

/**
 * The transfers in and out of a policy the archive saw, newest first, each with the proposal
 * whose execution made it and its transaction, and what it cannot have seen; exportable as CSV.
 */
export function PolicyLedger({ endpoint, address }: { endpoint: string; address: string }) {
  const query = useInfiniteQuery(ledgerQuery(endpoint, address));
  const catchingUp = useArchiveCatchingUp(endpoint);
  const since = useQuery({ ...archiveStatusQuery(endpoint), select: (status) => status.earliest_height }).data ?? null;
  const [exporting, setExporting] = useState(false);
  const exportAll = async () => {
    setExporting(true);
    try {
      let result = query;
      while (result.hasNextPage) result = (await result.fetchNextPage()) as typeof query;
      const rows = result.data?.pages.flatMap((page) => page.rows) ?? [];
      saveCsvExport(
        `policy-${address.slice(-8)}-ledger`,
        await ledgerCsv(rows, { policy: address, endpoint, exportedAt: new Date() }),
      );
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="ledger-title">
      <Group justify="space-between">
        <Title order={2} fz="lg" id="ledger-title">
          Ledger
        </Title>
        <Button size="xs" variant="light" loading={exporting} onClick={() => void exportAll()} disabled={!query.data}>
          Export CSV
        </Button>
      </Group>
      <Text fz="xs" c="dimmed" data-testid="ledger-coverage">
        The transfers x/bank’s events show in the blocks the archive read
        {since ? ` (from height ${grouped(since)}, where its record begins)` : ''}, newest first; each spend names the
        proposal whose execution made it. Not listed: delegations and multi-sends (they move coins without a transfer
        event), and sends into the policy in blocks the archive skipped while catching up through the node’s index (it
        reads only blocks with group, upgrade or gov activity there). Not proven by a bundle: the archive’s reading of
        its blocks.
      </Text>
      <InfiniteList
        query={query}
        identity={rowId}
        noun="transfers"
        label="Transfers of this policy"
        waiting={catchingUp === null ? null : { reason: catchingUp, what: 'Transfers' }}
        empty={
          since
            ? `No transfer in or out of this policy since height ${grouped(since)}, where the archive’s record begins: what it holds came before.`
            : 'The archive has seen no transfer in or out of this policy.'
        }
        columns={[
          { label: 'When', width: '1.4fr', cell: (row) => <TimeText value={row.block_time} compact />, wide: true },
          {
            label: 'Direction',
            width: '90px',
            cell: (row) => (
              <Badge color={row.direction === 'out' ? 'red' : 'teal'} variant="light">
                {row.direction === 'out' ? 'Out' : 'In'}
              </Badge>
            ),
          },
          {
            label: 'Amount',
            width: '1.2fr',
            cell: (row) => (
              <Text ff="monospace" fz="sm">
                {amountText(row.amount)}
              </Text>
            ),
          },
          {
            label: 'To or from',
            width: '1.5fr',
            cell: (row) => <AddressText address={row.counterparty} />,
            wide: true,
          },
          {
            label: 'Proposal',
            width: '90px',
            cell: (row) =>
              row.proposal_id ? <AppLink to={`/proposals/${row.proposal_id}`}>#{row.proposal_id}</AppLink> : '—',
          },
          {
            label: 'Transaction',
            width: '1fr',
            cell: (row) => (row.tx_hash ? <TxHashText hash={row.tx_hash} /> : 'end of block'),
          },
        ]}
      />
    </Stack>
  );
}
