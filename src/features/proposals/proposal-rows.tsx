import { Text } from '@mantine/core';

import type { ProposalStatus, TallyResult } from '../../api/schemas.ts';
import type { ListColumn } from '../../components/lists/infinite-list.tsx';
import { AppLink } from '../../components/page/app-link.tsx';
import { StatusBadge } from '../../components/tallies/badges.tsx';
import { RowTally } from '../../components/tallies/row-tally.tsx';
import { ChainLabel } from '../../components/text/on-chain-text.tsx';
import { IdText } from '../../components/values/id-text.tsx';
import { RelativeTime } from '../../components/values/relative-time.tsx';
import { finalTallyWords } from '../../domain/tally-words.ts';
import { instant } from '../../lib/time.ts';

/** What a proposals list shows of a row, whether it came from the archive or a walk of the node. */
export interface ProposalRow {
  id: string;
  title: string | null;
  status: ProposalStatus;
  executor_result: string | null;
  voting_period_end: string | null;
  group_id: string | null;
  group_name: string;
  group_policy_address: string;
  policy_name: string;
  on_chain?: boolean;
  /** The tally the chain stored when it decided (zeros until then). */
  final_tally_result?: Partial<TallyResult>;
}

const OUTCOME: Partial<Record<string, string>> = {
  PROPOSAL_EXECUTOR_RESULT_SUCCESS: 'executed',
  PROPOSAL_EXECUTOR_RESULT_FAILURE: 'execution failed',
};

const CLOSED: Partial<Record<ProposalStatus, string>> = {
  PROPOSAL_STATUS_REJECTED: 'did not pass',
  PROPOSAL_STATUS_WITHDRAWN: 'never counted',
  PROPOSAL_STATUS_ABORTED: 'never counted',
};

/**
 * A decided row's stored tally, in words: a bar without the pass line it was tallied against
 * (which only the proposal's page knows) would make any rejection with only yes votes look won.
 */
function FinalRowTally({ row }: { row: ProposalRow }) {
  const stored = row.final_tally_result;
  if (row.status !== 'PROPOSAL_STATUS_ACCEPTED' && row.status !== 'PROPOSAL_STATUS_REJECTED')
    return (
      <Text span fz="xs" c="dimmed">
        no tally
      </Text>
    );
  if (!stored) return null;
  return (
    <Text span fz="xs" data-testid="row-final-tally">
      {row.status === 'PROPOSAL_STATUS_ACCEPTED' ? 'Passed' : 'Rejected'} · {finalTallyWords(stored)}
    </Text>
  );
}

function TimeLeft({ row, now }: { row: ProposalRow; now: number }) {
  const end = row.voting_period_end ? instant(row.voting_period_end) : null;
  if (row.status === 'PROPOSAL_STATUS_SUBMITTED') {
    if (end && end.getTime() > now) return <RelativeTime date={end} prefix="closes " past="voting ended " />;
    return <>voting ended, not yet tallied</>;
  }
  const outcome =
    row.status === 'PROPOSAL_STATUS_ACCEPTED'
      ? (OUTCOME[row.executor_result ?? ''] ?? 'not executed yet')
      : (CLOSED[row.status] ?? '');
  return (
    <>
      {outcome}
      {row.on_chain === false ? `${outcome ? ' · ' : ''}pruned from chain` : ''}
    </>
  );
}

export const shortAddress = (address: string) => `${address.slice(0, 12)}…${address.slice(-4)}`;

function isOpen(row: ProposalRow, now: number): boolean {
  if (row.status !== 'PROPOSAL_STATUS_SUBMITTED' || !row.voting_period_end) return false;
  return (instant(row.voting_period_end)?.getTime() ?? 0) > now;
}

/**
 * The columns of every proposals list: title, group and policy by name, status, the live tally of
 * open ones, time left or outcome.
 */
export function proposalColumns(now: number, endpoint: string): ListColumn<ProposalRow>[] {
  return [
    {
      label: 'Proposal',
      width: 'minmax(200px, 3fr)',
      cell: (row) => (
        <AppLink to={`/proposals/${row.id}`}>
          <IdText id={row.id} /> <ChainLabel value={row.title} fallback="(untitled)" />
        </AppLink>
      ),
    },
    {
      label: 'Group · policy',
      width: 'minmax(160px, 2fr)',
      cell: (row) => (
        <Text span fz="sm">
          {row.group_id ? (
            <AppLink to={`/groups/${row.group_id}`}>
              #{row.group_id} <ChainLabel value={row.group_name} />
            </AppLink>
          ) : (
            'group unknown'
          )}
          {' · '}
          <AppLink to={`/policies/${row.group_policy_address}`}>
            <ChainLabel value={row.policy_name} fallback={shortAddress(row.group_policy_address)} />
          </AppLink>
        </Text>
      ),
    },
    { label: 'Status', width: '120px', cell: (row) => <StatusBadge status={row.status} /> },
    {
      label: 'Tally',
      width: 'minmax(110px, 1fr)',
      cell: (row) =>
        isOpen(row, now) ? (
          <RowTally endpoint={endpoint} row={row} />
        ) : row.status === 'PROPOSAL_STATUS_SUBMITTED' ? null : (
          <FinalRowTally row={row} />
        ),
    },
    {
      label: 'Time left or outcome',
      width: 'minmax(140px, 1.2fr)',
      cell: (row) => (
        <Text span fz="sm">
          <TimeLeft row={row} now={now} />
        </Text>
      ),
    },
  ];
}
