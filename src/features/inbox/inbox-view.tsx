import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import type { Inbox, InboxDecidedProposal, InboxOpenProposal } from '../../api/archive-inbox.ts';
import { AppLink } from '../../components/page/app-link.tsx';
import { useArchiveCatchingUp } from '../../components/states/archive-gate.tsx';
import {
  CatchingUpState,
  EmptyState,
  ErrorState,
  LoadingBlock,
  StaleNote,
} from '../../components/states/query-states.tsx';
import { StatusBadge } from '../../components/tallies/badges.tsx';
import { LiveTallyText } from '../../components/tallies/live-tally-text.tsx';
import { ExecBadge, OptionBadge } from '../../components/tallies/vote-badges.tsx';
import { ChainLabel } from '../../components/text/on-chain-text.tsx';
import { DecimalText } from '../../components/values/decimal-text.tsx';
import { IdText } from '../../components/values/id-text.tsx';
import { AWAITING_TALLY, RelativeTime } from '../../components/values/relative-time.tsx';
import { TimeText } from '../../components/values/time-text.tsx';
import { finalTallyWords } from '../../domain/tally-words.ts';
import { grouped } from '../../lib/format-number.ts';
import { instant } from '../../lib/time.ts';
import { DecidedWindow } from './decided-window.tsx';
import classes from './inbox.module.css';
import { inboxQueries } from './queries.ts';

/** A proposal's title and its group, both links, as on-chain text. */
function ProposalCell({ proposal }: { proposal: InboxOpenProposal | InboxDecidedProposal }) {
  return (
    <Stack gap={0}>
      <AppLink to={`/proposals/${proposal.proposal_id}`}>
        <IdText id={proposal.proposal_id} /> <ChainLabel value={proposal.title} fallback="(untitled)" />
      </AppLink>
      <AppLink to={`/groups/${proposal.group_id}`} fz="xs" className={classes.target}>
        group #{proposal.group_id} <ChainLabel value={proposal.group_name} />
      </AppLink>
    </Stack>
  );
}

function OpenTable({ open, catchingUp }: { open: InboxOpenProposal[]; catchingUp: string | null }) {
  if (open.length === 0 && catchingUp) return <CatchingUpState reason={catchingUp} what="Proposals waiting for it" />;
  if (open.length === 0) return <EmptyState>Nothing waits for this address’s vote.</EmptyState>;
  return (
    <Table striped data-testid="inbox-open" className={classes.stacked}>
      <Table.Caption>Waiting for this address’s vote, soonest to close first</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Proposal</Table.Th>
          <Table.Th>Time left</Table.Th>
          <Table.Th>Tally now</Table.Th>
          <Table.Th>Its weight</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {open.map((proposal) => {
          const end = instant(proposal.voting_period_end);
          return (
            <Table.Tr key={proposal.proposal_id}>
              <Table.Td>
                <ProposalCell proposal={proposal} />
              </Table.Td>
              <Table.Td data-label="Time left">
                <Stack gap={0}>
                  <Text fz="sm" fw={600}>
                    {end ? (
                      <RelativeTime date={end} prefix="closes " past="voting ended " afterPast={AWAITING_TALLY} />
                    ) : (
                      'unknown'
                    )}
                  </Text>
                  <TimeText value={proposal.voting_period_end} compact />
                </Stack>
              </Table.Td>
              <Table.Td data-label="Tally now">
                <LiveTallyText live={proposal.live_tally} />
              </Table.Td>
              <Table.Td data-label="Its weight">
                <DecimalText value={proposal.weight} exact interactive={false} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function DecidedTable({
  decided,
  since,
  catchingUp,
}: {
  decided: InboxDecidedProposal[];
  since: string | null;
  catchingUp: string | null;
}) {
  if (decided.length === 0 && catchingUp) return <CatchingUpState reason={catchingUp} what="Decided proposals" />;
  if (decided.length === 0)
    return <EmptyState>No proposal this address voted on was decided{since ? ' since then' : ''}.</EmptyState>;
  return (
    <Table striped data-testid="inbox-decided" className={classes.stacked}>
      <Table.Caption>Decided, latest first</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Proposal</Table.Th>
          <Table.Th>Outcome</Table.Th>
          <Table.Th>Its vote</Table.Th>
          <Table.Th>Decided</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {decided.map((proposal) => (
          <Table.Tr key={proposal.proposal_id}>
            <Table.Td>
              <ProposalCell proposal={proposal} />
            </Table.Td>
            <Table.Td data-label="Outcome" data-wide>
              <Group gap={4}>
                <StatusBadge status={proposal.status} />
                {proposal.status === 'PROPOSAL_STATUS_ACCEPTED' && proposal.executor_result && (
                  <ExecBadge result={proposal.executor_result} status={proposal.status} />
                )}
              </Group>
              {proposal.final_tally_result && (
                <Text fz="xs" data-testid="row-final-tally">
                  {finalTallyWords(proposal.final_tally_result)}
                </Text>
              )}
            </Table.Td>
            <Table.Td data-label="Its vote">
              <Stack gap={2} align="flex-start">
                <OptionBadge option={proposal.option} />
                {proposal.weight === null ? (
                  <Text fz="xs" c="dimmed">
                    not counted
                  </Text>
                ) : (
                  <Text fz="sm" className={classes.nowrap}>
                    <DecimalText value={proposal.weight} exact interactive={false} /> counted
                  </Text>
                )}
              </Stack>
            </Table.Td>
            <Table.Td data-label="Decided">
              <TimeText value={proposal.decided_time} compact />
              <Text fz="xs" c="dimmed">
                height {grouped(proposal.decided_height)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Sections({ endpoint, inbox }: { endpoint: string; inbox: Inbox }) {
  const catchingUp = useArchiveCatchingUp(endpoint);
  return (
    <Stack gap="xl">
      <Stack gap="xs" component="section" aria-labelledby="inbox-open-title">
        <Title order={2} fz="lg" id="inbox-open-title">
          Open for its vote
        </Title>
        <Text fz="xs" c="dimmed">
          Proposals still open in the groups this address is a member of now, that it has not voted on
          {inbox.as_of_height ? ` (as of height ${grouped(inbox.as_of_height)}, the archive’s latest block)` : ''}.
        </Text>
        <OpenTable open={inbox.open} catchingUp={catchingUp} />
        {BigInt(inbox.open_total) > BigInt(inbox.open.length) && (
          <Text fz="xs">
            Only the {inbox.open.length} closing soonest of {grouped(inbox.open_total)} are listed.
          </Text>
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="inbox-decided-title">
        <DecidedWindow endpoint={endpoint} inbox={inbox} titleId="inbox-decided-title" />
        <DecidedTable decided={inbox.decided} since={inbox.since} catchingUp={catchingUp} />
        {BigInt(inbox.decided_total) > BigInt(inbox.decided.length) && (
          <Text fz="xs">
            Only the {inbox.decided.length} latest of {grouped(inbox.decided_total)} are listed.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

/** An address's inbox from the archive: what waits for its vote, and what became of its votes lately. */
export function InboxView({ endpoint, address }: { endpoint: string; address: string }) {
  const query = useQuery(inboxQueries.forAddress(endpoint, address));
  if (query.isPending) return <LoadingBlock label="Loading the inbox" />;
  if (query.isError && !query.data)
    return <ErrorState error={query.error} what="Inbox" onRetry={() => void query.refetch()} />;
  return (
    <Stack gap="md">
      {query.isError && <StaleNote error={query.error} onRetry={() => void query.refetch()} />}
      <Sections endpoint={endpoint} inbox={query.data} />
    </Stack>
  );
}
