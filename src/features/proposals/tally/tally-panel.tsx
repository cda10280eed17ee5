import { Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';

import { isApiError } from '../../../api/errors.ts';
import type { GroupInfo, GroupPolicyInfo, Proposal, TallyResult } from '../../../api/schemas.ts';
import { ErrorState, LoadingBlock, StaleNote } from '../../../components/states/query-states.tsx';
import { RelativeTime } from '../../../components/values/relative-time.tsx';
import { evaluatePolicy, readPolicy } from '../../../domain/decision-policies.ts';
import { PHASES, type ProposalPhase } from '../../../domain/proposal-phase.ts';
import { tallyRefusalMeansChange } from '../../../domain/proposal-watch.ts';
import { TALLY_ORDER, VOTE_OPTIONS } from '../../../domain/vote-options.ts';
import { useBlockPaceReading } from '../../../hooks/time/use-block-pace.ts';
import { ROUND_TRIP_GRACE_MS, useOverdue } from '../../../hooks/time/use-overdue.ts';
import { useTimeZoneChoice } from '../../../hooks/time/use-time-zone.ts';
import { usePoliteAnnouncement } from '../../../hooks/use-polite-announcement.ts';
import { useProposalPhase } from '../../../hooks/use-proposal-phase.ts';
import { shownDecimal } from '../../../lib/format-number.ts';
import { formatClockInZone } from '../../../lib/time-zone.ts';
import { formatUtcClock } from '../../../lib/time.ts';
import { proposalQueries } from '../queries.ts';
import { PivotalVoters } from './pivotal-voters.tsx';
import { TallyBody, type TalliedWith } from './tally-body.tsx';
import classes from './tally-panel.module.css';

/** A screen reader hears the live tally at most this often, and only when it changed. */
const ANNOUNCE_GAP_MS = 20_000;

function summary(tally: TallyResult): string {
  return TALLY_ORDER.map((option) => {
    const { label, tallyField } = VOTE_OPTIONS[option];
    return `${label} ${shownDecimal(tally[tallyField]).text}`;
  }).join(', ');
}

const PHASE_BADGES = {
  voting: (paceMs, overdue, paceMeasured, since) =>
    overdue ? (
      <Badge color="orange" data-testid="tally-stale">
        Stale · nothing new since {since}, over {Math.round((2 * paceMs + ROUND_TRIP_GRACE_MS) / 1000)} s
      </Badge>
    ) : (
      <Badge color="blue" variant="dot" className={classes.live} data-testid="tally-live">
        {/* Until two blocks went by, the pace is a guess: said as none rather than as "~5 s". */}
        {paceMeasured ? `Live · every ~${Math.round(paceMs / 100) / 10} s` : 'Live'}
      </Badge>
    ),
  'awaiting final tally': () => (
    <Badge color="yellow" data-testid="tally-ended">
      Voting ended · waiting for the chain to decide
    </Badge>
  ),
  final: () => (
    <Badge color="gray" data-testid="tally-final">
      Final tally
    </Badge>
  ),
  'no tally': () => null,
} satisfies Record<
  ProposalPhase,
  (paceMs: number, overdue: boolean, paceMeasured: boolean, since: string) => ReactNode
>;

const NO_TALLY: Partial<Record<Proposal['status'], string>> = {
  PROPOSAL_STATUS_WITHDRAWN:
    'A withdrawn proposal has no tally: a proposer or the policy’s admin withdrew it, and the chain does not count it.',
  PROPOSAL_STATUS_ABORTED:
    'An aborted proposal has no tally: its group policy changed while it was open, which aborts it, and the chain ' +
    'does not count it.',
};

interface Props {
  endpoint: string;
  proposal: Proposal;
  policy?: GroupPolicyInfo;
  group?: GroupInfo;
  /** The group's total weight and the policy's rule when the chain tallied it (from the archive). */
  talliedWith?: TalliedWith | null;
  /** The archive is still recording the tally: the weights it was tallied with are coming. */
  talliedWithComing?: boolean;
  /** Each member's weight now, once read: who can still decide an open proposal is said with them. */
  weights?: ReadonlyMap<string, string>;
  /**
   * Called when the proposal itself may have changed: the outcome at current weights moved (the
   * chain may have decided it), or the node stopped answering its tally (pruned, withdrawn, aborted).
   */
  onProposalChange?: () => void;
}

/**
 * The weighted tally. While voting is open it refreshes about once per block (paused in a hidden
 * tab), says when it last changed and announces changes politely and rarely; once voting ends it
 * stops and shows the final tally the chain stored, with why the proposal passed or failed.
 */
export function TallyPanel({
  endpoint,
  proposal,
  policy,
  group,
  talliedWith = null,
  talliedWithComing = false,
  weights,
  onProposalChange,
}: Props) {
  const phase = useProposalPhase(proposal);
  const zoneChoice = useTimeZoneChoice();
  const { ms: pace, measured: paceMeasured } = useBlockPaceReading(endpoint);
  const query = useQuery(proposalQueries.tally(endpoint, proposal, pace));
  const stored = phase === 'final';
  const overdue = useOverdue(query.dataUpdatedAt, pace, PHASES[phase].live);
  const tally = stored ? proposal.final_tally_result : query.data?.tally;
  const updatedClock = formatClockInZone(new Date(query.dataUpdatedAt), zoneChoice);
  const announcement = usePoliteAnnouncement(
    tally && PHASES[phase].live ? `Tally updated: ${summary(tally)}` : null,
    ANNOUNCE_GAP_MS,
  );
  const outcome =
    tally && policy && group && PHASES[phase].undecided
      ? evaluatePolicy(readPolicy(policy.decision_policy), tally, group.total_weight)?.outcome
      : undefined;
  const lastOutcome = useRef(outcome);
  useEffect(() => {
    if (outcome !== undefined && lastOutcome.current !== undefined && outcome !== lastOutcome.current)
      onProposalChange?.();
    lastOutcome.current = outcome;
  }, [outcome, onProposalChange]);
  // A refusal is news about the proposal, not a failure of the tally: it is read again at once.
  const refused =
    !stored && query.isError && tallyRefusalMeansChange(isApiError(query.error) ? query.error.kind : undefined);
  useEffect(() => {
    if (refused) onProposalChange?.();
  }, [refused, onProposalChange]);

  return (
    <Card data-testid="tally-panel">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg">
          Tally
        </Title>
        <Group gap="xs">
          {PHASE_BADGES[phase](pace, overdue, paceMeasured, updatedClock)}
          {!stored && query.dataUpdatedAt > 0 && (
            <Text fz="xs" c="dimmed" data-testid="tally-updated">
              Updated <span title={formatUtcClock(new Date(query.dataUpdatedAt))}>{updatedClock}</span>
              {/* Seconds ticking beside "Live" read as a contradiction: how long ago is said once it matters. */}
              {overdue && (
                <>
                  {' '}
                  (<RelativeTime date={new Date(query.dataUpdatedAt)} />)
                </>
              )}
            </Text>
          )}
        </Group>
      </Group>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
      {!PHASES[phase].hasTally ? (
        <Text fz="sm" c="dimmed">
          {NO_TALLY[proposal.status] ?? 'This proposal has no tally.'} Its votes stay listed until its voting period
          would have ended.
        </Text>
      ) : refused ? (
        <Text fz="sm" c="dimmed" role="status" data-testid="tally-changing">
          The chain no longer counts this proposal as open: reading what became of it…
        </Text>
      ) : !stored && query.isPending ? (
        <LoadingBlock label="Loading tally" rows={4} />
      ) : !stored && query.isError && !tally ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} what="Tally" />
      ) : tally ? (
        <Stack gap="sm">
          {!stored && query.isError && <StaleNote error={query.error} onRetry={() => void query.refetch()} />}
          <TallyBody
            tally={tally}
            proposal={proposal}
            phase={phase}
            policy={policy}
            group={group}
            talliedWith={talliedWith}
            talliedWithComing={talliedWithComing}
          />
          {PHASES[phase].live && policy && group && weights && (
            <PivotalVoters
              endpoint={endpoint}
              proposal={proposal}
              policy={policy}
              group={group}
              tally={tally}
              weights={weights}
            />
          )}
        </Stack>
      ) : null}
    </Card>
  );
}
