import { Alert, Badge, Card, Group, Progress, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import type { GroupInfo, GroupPolicyInfo, Proposal, TallyResult } from '../../api/schemas.ts';
import { useLatestHeight } from '../../app/latest-height.ts';
import { OPTION_LABEL } from '../../components/badges.tsx';
import { ErrorState, LoadingBlock, StaleNote } from '../../components/query-states.tsx';
import { dec, percentOf } from '../../lib/decimal.ts';
import { evaluate, readPolicy } from '../../lib/decision.ts';
import { grouped } from '../../lib/format-number.ts';
import { useNow } from '../../lib/use-now.ts';
import { isVotingOpen, proposalQueries } from './queries.ts';
import classes from './tally-panel.module.css';
import { TALLY_ROWS } from './tally-rows.ts';
import { useBlockPace } from './use-block-pace.ts';

function summary(t: TallyResult): string {
  return TALLY_ROWS.map(([k, opt]) => `${OPTION_LABEL[opt]} ${grouped(t[k])}`).join(', ');
}

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
  const now = useNow(1000);
  const live = isVotingOpen(proposal, now);
  const noTally = proposal.status === 'PROPOSAL_STATUS_WITHDRAWN' || proposal.status === 'PROPOSAL_STATUS_ABORTED';
  const pace = useBlockPace(useLatestHeight(endpoint));
  const q = useQuery({
    ...proposalQueries.tally(endpoint, proposal.id, proposal.status, live ? pace : false),
    enabled: !noTally,
  });

  const [announce, setAnnounce] = useState('');
  const last = useRef<string | null>(null);
  const tally = q.data?.tally;
  useEffect(() => {
    if (!tally) return;
    const s = summary(tally);
    if (last.current !== null && last.current !== s) setAnnounce(`Tally updated: ${s}`);
    last.current = s;
  }, [tally]);

  const final = proposal.status === 'PROPOSAL_STATUS_ACCEPTED' || proposal.status === 'PROPOSAL_STATUS_REJECTED';
  const ended = !live && proposal.status === 'PROPOSAL_STATUS_SUBMITTED';
  const state = live ? (
    <Badge color="blue" variant="dot" className={classes.live} data-testid="tally-live">
      Live · every ~{Math.round(pace / 100) / 10} s
    </Badge>
  ) : final ? (
    <Badge color="gray" data-testid="tally-final">
      Final tally
    </Badge>
  ) : ended ? (
    <Badge color="yellow" data-testid="tally-ended">
      Voting ended · waiting for the chain to finalize
    </Badge>
  ) : null;

  return (
    <Card data-testid="tally-panel">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Tally
        </Title>
        <Group gap="xs">
          {state}
          {q.dataUpdatedAt > 0 && (
            <Text fz="xs" c="dimmed" data-testid="tally-updated">
              Updated {new Date(q.dataUpdatedAt).toLocaleTimeString()}
            </Text>
          )}
        </Group>
      </Group>
      <VisuallyHidden aria-live="polite" role="status">
        {announce}
      </VisuallyHidden>
      {noTally ? (
        <Text fz="sm" c="dimmed">
          A {proposal.status === 'PROPOSAL_STATUS_WITHDRAWN' ? 'withdrawn' : 'aborted'} proposal has no tally: the chain
          refuses to count it. Its votes stay listed until its voting period would have ended.
        </Text>
      ) : q.isPending ? (
        <LoadingBlock label="Loading tally" rows={4} />
      ) : q.isError && !tally ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} what="Tally" />
      ) : tally ? (
        <Stack gap="sm">
          {q.isError && <StaleNote error={q.error} onRetry={() => void q.refetch()} />}
          <TallyBody
            tally={tally}
            policy={policy}
            group={group}
            open={proposal.status === 'PROPOSAL_STATUS_SUBMITTED'}
          />
        </Stack>
      ) : null}
    </Card>
  );
}

function TallyBody({
  tally,
  policy,
  group,
  open,
}: {
  tally: TallyResult;
  policy?: GroupPolicyInfo;
  group?: GroupInfo;
  open: boolean;
}) {
  const total = group?.total_weight;
  const p = policy ? readPolicy(policy.decision_policy) : null;
  const ev = p && total !== undefined ? evaluate(p, tally, total) : null;
  const counted = TALLY_ROWS.reduce((acc, [k]) => acc.plus(tally[k]), dec(0));
  const base = total !== undefined && dec(total).gt(counted) ? dec(total) : counted;
  const pct = (v: string) => (base.isZero() ? 0 : Number(percentOf(v, base, 4)));
  const linePct = ev && !base.isZero() ? Number(percentOf(ev.line, base, 4)) : null;
  return (
    <>
      <div className={classes.barWrap}>
        <Progress.Root size={22} aria-label="Share of total weight by vote option">
          {TALLY_ROWS.map(([k, opt, color]) => (
            <Tooltip key={k} label={`${OPTION_LABEL[opt]}: ${grouped(tally[k])}`}>
              <Progress.Section value={pct(tally[k])} color={color} />
            </Tooltip>
          ))}
        </Progress.Root>
        {linePct !== null && (
          <div
            className={classes.line}
            style={{ left: `${Math.min(100, linePct)}%` }}
            aria-hidden
            data-testid="threshold-line"
          />
        )}
      </div>
      <div style={{ overflowX: 'auto' }}>
        <Table withRowBorders={false} verticalSpacing={4} fz="sm" miw={360}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Option</Table.Th>
              <Table.Th>Weight</Table.Th>
              <Table.Th>Share of total weight</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TALLY_ROWS.map(([k, opt, , icon]) => (
              <Table.Tr key={k}>
                <Table.Td>
                  <span aria-hidden>{icon} </span>
                  {OPTION_LABEL[opt]}
                </Table.Td>
                <Table.Td ff="monospace" data-testid={`tally-${k}`}>
                  {grouped(tally[k])}
                </Table.Td>
                <Table.Td>{total !== undefined ? `${percentOf(tally[k], total) ?? '—'}%` : '—'}</Table.Td>
              </Table.Tr>
            ))}
            {ev && (
              <Table.Tr>
                <Table.Td c="dimmed">Not voted</Table.Td>
                <Table.Td ff="monospace" c="dimmed">
                  {grouped(ev.undecided.toFixed())}
                </Table.Td>
                <Table.Td c="dimmed">{total !== undefined ? `${percentOf(ev.undecided, total) ?? '—'}%` : ''}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </div>
      {ev && open && (
        <Alert
          color={ev.outcome === 'passing' ? 'teal' : ev.outcome === 'failing' ? 'red' : 'blue'}
          variant="light"
          data-testid="tally-outcome"
        >
          <Text fz="sm">
            Pass line: {grouped(ev.line.toFixed())} yes weight
            {total !== undefined ? ` (${percentOf(ev.line, total) ?? '—'}% of ${grouped(total)})` : ''}.{' '}
            {ev.outcome === 'passing'
              ? 'Yes has reached it: the proposal passes once anyone executes it or voting ends. The outcome can no longer change.'
              : ev.outcome === 'failing'
                ? 'Even if every member who has not voted votes yes, it cannot reach the line: the outcome can no longer change.'
                : `Yes needs ${grouped(ev.needed.toFixed())} more weight to pass.`}
          </Text>
        </Alert>
      )}
      {open && (
        <Text fz="xs" c="dimmed">
          Counted with each voter's current weight; votes of addresses that have left the group do not count.
        </Text>
      )}
    </>
  );
}
