import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { type TimelineEvent } from '../../api/archive-records.ts';
import { isArchiveAbsent, type ArchivedProposal } from '../../api/archive.ts';
import { NotFoundError } from '../../api/errors.ts';
import { proposalStatus, type ProposalStatus } from '../../api/schemas.ts';
import { AppLink } from '../../components/page/app-link.tsx';
import { NeedsArchive } from '../../components/states/archive-gate.tsx';
import { ErrorState, LoadingBlock } from '../../components/states/query-states.tsx';
import { StatusBadge, statusLabel } from '../../components/tallies/badges.tsx';
import { ChainLabel, OnChainText } from '../../components/text/on-chain-text.tsx';
import { DecimalText } from '../../components/values/decimal-text.tsx';
import { TimeText } from '../../components/values/time-text.tsx';
import { TxHashText } from '../../components/values/tx-hash-text.tsx';
import { observedDecision } from '../../domain/decision-moment.ts';
import { grouped } from '../../lib/format-number.ts';
import { archivedRecordQuery } from './record-query.ts';

const KIND: Record<string, string> = {
  first_seen: 'First seen by the archive',
  submitted: 'Submitted',
  voting_ended: 'Voting ended',
  status: 'Status changed',
  executed: 'Executed',
  pruned: 'Pruned from chain state',
};

const EXEC_WORDS: Record<string, string> = {
  PROPOSAL_EXECUTOR_RESULT_NOT_RUN: 'Execution tried: nothing ran (it had not passed)',
  PROPOSAL_EXECUTOR_RESULT_SUCCESS: 'Executed: its messages ran',
  PROPOSAL_EXECUTOR_RESULT_FAILURE: 'Executed: its messages failed, nothing changed',
};

const isStatus = (status: string): status is ProposalStatus =>
  (proposalStatus.options as readonly string[]).includes(status);

function eventText(event: TimelineEvent): string {
  const label = KIND[event.kind] ?? event.kind;
  const detail = event.detail as { result?: string } | null;
  if (event.kind === 'status' && event.status && isStatus(event.status))
    return `${label}: ${statusLabel(event.status)}`;
  // x/group emits its exec event for every try (a MsgExec, or a vote with exec try): most tries
  // on an undecided proposal run nothing, and are not executions.
  if (event.kind === 'executed' && detail?.result) return EXEC_WORDS[detail.result] ?? `${label}: ${detail.result}`;
  return label;
}

/** Consecutive events that read the same (an exec tried again and again) as one line with a count. */
function collapsed(
  events: TimelineEvent[],
): { event: TimelineEvent; text: string; repeats: number; last: TimelineEvent }[] {
  const lines: { event: TimelineEvent; text: string; repeats: number; last: TimelineEvent }[] = [];
  for (const event of events) {
    const text = eventText(event);
    const previous = lines.at(-1);
    if (previous && previous.text === text && event.kind !== 'status') {
      previous.repeats += 1;
      previous.last = event;
    } else lines.push({ event, text, repeats: 1, last: event });
  }
  return lines;
}

/** The proposal's life as the archive saw it: one line per event, with height and time. */
function Timeline({ events }: { events: TimelineEvent[] }) {
  if (events.length === 0) return <Text fz="sm">No event recorded yet.</Text>;
  return (
    <ol style={{ margin: 0, paddingInlineStart: '1.2rem' }} data-testid="proposal-timeline">
      {collapsed(events).map(({ event, text, repeats, last }, index) => (
        <li key={`${event.height ?? ''}-${index}`}>
          <Text span fz="sm" fw={600}>
            {text}
            {repeats > 1 ? ` (${repeats} tries, by votes with exec try or MsgExec)` : ''}
          </Text>
          <Text span fz="sm" c="dimmed">
            {event.height ? ` · height ${grouped(event.height)}` : ''}
            {repeats > 1 && last.height ? `–${grouped(last.height)}` : ''}
            {event.time ? ' · ' : ''}
          </Text>
          {event.time && <TimeText value={event.time} compact />}
          {event.tx_hash && repeats === 1 && (
            <>
              <Text span fz="sm" c="dimmed">
                {' · '}
              </Text>
              <TxHashText hash={event.tx_hash} />
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

function PrunedSummary({ proposal }: { proposal: ArchivedProposal }) {
  const tally = proposal.final_tally_result;
  return (
    <Card padding="md" data-testid="archived-proposal">
      <Stack gap={4}>
        <Group gap="xs">
          <StatusBadge status={proposal.status} />
          <Text fz="sm">
            <ChainLabel value={proposal.title} fallback="(untitled)" /> · group{' '}
            <AppLink to={`/groups/${proposal.group_id ?? ''}`}>
              #{proposal.group_id} <ChainLabel value={proposal.group_name} />
            </AppLink>
          </Text>
        </Group>
        <Text fz="sm">
          Final tally, by weight: yes <DecimalText value={tally.yes_count ?? '0'} />, no{' '}
          <DecimalText value={tally.no_count ?? '0'} />, abstain <DecimalText value={tally.abstain_count ?? '0'} />, no
          with veto <DecimalText value={tally.no_with_veto_count ?? '0'} />.
        </Text>
        {proposal.summary && (
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <OnChainText value={proposal.summary} max={1500} />
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** Where each figure of a decided proposal comes from, so none is quoted for more than it is. */
function Sources({
  tallied,
  lastSeen,
  votesHeld,
  sawVoting,
}: {
  tallied: boolean;
  lastSeen: string | null;
  votesHeld: string;
  sawVoting: boolean;
}) {
  return (
    <Text fz="sm" data-testid="figure-sources">
      {tallied
        ? `The final tally is the chain’s own record of the proposal${lastSeen ? ` (as the archive read it at height ${grouped(lastSeen)})` : ''}. `
        : ''}
      {sawVoting
        ? `The archive followed its voting: it holds ${grouped(votesHeld)} ${votesHeld === '1' ? 'vote' : 'votes'}.`
        : votesHeld === '0'
          ? 'The archive began after its votes were pruned: it saw none of them, so it names no voter and no member who did not vote.'
          : `The archive began during or after its voting: it holds ${grouped(votesHeld)} of its votes, perhaps not all, so it names no member who did not vote.`}
    </Text>
  );
}

/**
 * A final proposal's votes as the archive counted them. They are the votes feature's to show, so
 * the page supplies them; the history says when, with the group and the height the tally was made at.
 */
export type CountedVotesSlot = (tallied: { groupId: string | null; tallyHeight: string | null }) => ReactNode;

/** What the archive adds to a proposal page: its timeline and, once the chain pruned them, its votes. */
export function ProposalHistory({
  endpoint,
  id,
  onChain,
  countedVotes,
}: {
  endpoint: string;
  id: string;
  onChain: boolean;
  countedVotes: CountedVotesSlot;
}) {
  const query = useQuery(archivedRecordQuery(endpoint, id));
  let body;
  if (query.isPending) body = <LoadingBlock label="Loading the proposal's history" />;
  else if (query.isError && isArchiveAbsent(query.error))
    body = (
      <NeedsArchive
        what="The proposal's history (and its votes once pruned)"
        instead="Above is what the chain stores now; votes vanish once the proposal is final."
      />
    );
  else if (query.isError && query.error instanceof NotFoundError)
    body = <Text fz="sm">The archive has not seen proposal {id}.</Text>;
  else if (query.isError)
    body = <ErrorState error={query.error} what="Proposal history" onRetry={() => void query.refetch()} />;
  else {
    const { proposal, timeline } = query.data;
    const final = proposal.status !== 'PROPOSAL_STATUS_SUBMITTED';
    // Only a tally the archive saw made has a height whose members can be named: withdrawn and
    // aborted proposals have none, and one found already decided was tallied before the archive.
    const tallyHeight = observedDecision(proposal, timeline)?.height ?? null;
    body = (
      <>
        {!onChain && !proposal.on_chain && (
          <Alert color="grape" variant="light" title="Kept by the archive" role="status">
            The chain no longer stores this proposal
            {proposal.pruned_height ? ` (pruned at height ${grouped(proposal.pruned_height)})` : ''}; this is the last
            record the archive saw.
          </Alert>
        )}
        {/* Shown in full above when the record is whole; a prune event alone gives only this much. */}
        {!onChain && (proposal.submit_time === null || proposal.voting_period_end === null) && (
          <PrunedSummary proposal={proposal} />
        )}
        <Timeline events={timeline} />
        {final && (
          <>
            <Title order={3} fz="md" mt="sm">
              Votes as counted (archive)
            </Title>
            <Sources
              tallied={proposal.status === 'PROPOSAL_STATUS_ACCEPTED' || proposal.status === 'PROPOSAL_STATUS_REJECTED'}
              lastSeen={proposal.last_seen_height}
              votesHeld={query.data.vote_count ?? '0'}
              sawVoting={timeline.some((event) => event.kind === 'submitted') || tallyHeight !== null}
            />
            {countedVotes({ groupId: proposal.group_id, tallyHeight })}
          </>
        )}
      </>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby="history-title">
      <Title order={2} fz="lg" id="history-title">
        History
      </Title>
      {body}
    </Stack>
  );
}
