import { Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';

import type { GroupInfo, GroupPolicyInfo, Proposal, TallyResult } from '../../api/schemas.ts';
import { statusLabel } from '../../components/badges.tsx';
import { ErrorState, LoadingBlock, StaleNote } from '../../components/query-states.tsx';
import { PHASES, type ProposalPhase } from '../../domain/proposal-phase.ts';
import { TALLY_ORDER, VOTE_OPTIONS } from '../../domain/vote-options.ts';
import { useBlockPace } from '../../hooks/use-block-pace.ts';
import { useProposalPhase } from '../../hooks/use-proposal-phase.ts';
import { grouped } from '../../lib/format-number.ts';
import { proposalQueries } from './queries.ts';
import { TallyBody } from './tally-body.tsx';
import classes from './tally-panel.module.css';

function summary(tally: TallyResult): string {
  return TALLY_ORDER.map((option) => {
    const { label, tallyField } = VOTE_OPTIONS[option];
    return `${label} ${grouped(tally[tallyField])}`;
  }).join(', ');
}

const PHASE_BADGES = {
  voting: (paceMs) => (
    <Badge color="blue" variant="dot" className={classes.live} data-testid="tally-live">
      Live · every ~{Math.round(paceMs / 100) / 10} s
    </Badge>
  ),
  'awaiting final tally': () => (
    <Badge color="yellow" data-testid="tally-ended">
      Voting ended · waiting for the chain to finalize
    </Badge>
  ),
  final: () => (
    <Badge color="gray" data-testid="tally-final">
      Final tally
    </Badge>
  ),
  'no tally': () => null,
} satisfies Record<ProposalPhase, (paceMs: number) => ReactNode>;

interface Props {
  endpoint: string;
  proposal: Proposal;
  policy?: GroupPolicyInfo;
  group?: GroupInfo;
}

/**
 * The weighted tally. While voting is open it refreshes about once per block (paused in a hidden
 * tab), says when it last changed and announces changes politely; once voting ends it stops and
 * shows the final tally the chain stored.
 */
export function TallyPanel({ endpoint, proposal, policy, group }: Props) {
  const phase = useProposalPhase(proposal);
  const pace = useBlockPace(endpoint);
  const query = useQuery(proposalQueries.tally(endpoint, proposal, pace));

  const [announcement, setAnnouncement] = useState('');
  const lastSummary = useRef<string | null>(null);
  const tally = query.data?.tally;
  useEffect(() => {
    if (!tally) return;
    const text = summary(tally);
    if (lastSummary.current !== null && lastSummary.current !== text) setAnnouncement(`Tally updated: ${text}`);
    lastSummary.current = text;
  }, [tally]);

  return (
    <Card data-testid="tally-panel">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Tally
        </Title>
        <Group gap="xs">
          {PHASE_BADGES[phase](pace)}
          {query.dataUpdatedAt > 0 && (
            <Text fz="xs" c="dimmed" data-testid="tally-updated">
              Updated {new Date(query.dataUpdatedAt).toLocaleTimeString()}
            </Text>
          )}
        </Group>
      </Group>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
      {!PHASES[phase].hasTally ? (
        <Text fz="sm" c="dimmed">
          A {statusLabel(proposal.status).toLowerCase()} proposal has no tally: the chain refuses to count it. Its votes
          stay listed until its voting period would have ended.
        </Text>
      ) : query.isPending ? (
        <LoadingBlock label="Loading tally" rows={4} />
      ) : query.isError && !tally ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} what="Tally" />
      ) : tally ? (
        <Stack gap="sm">
          {query.isError && <StaleNote error={query.error} onRetry={() => void query.refetch()} />}
          <TallyBody tally={tally} policy={policy} group={group} undecided={PHASES[phase].undecided} />
        </Stack>
      ) : null}
    </Card>
  );
}
