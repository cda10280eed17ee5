import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';

import { getArchivedProposals, type ArchivedProposal } from '../../api/archive.ts';
import { getCurrentPlan } from '../../api/endpoints.ts';
import { AppLink } from '../../components/page/app-link.tsx';
import { useArchiveCatchingUp, useArchiveUnread } from '../../components/states/archive-gate.tsx';
import { StatusBadge } from '../../components/tallies/badges.tsx';
import { ChainLabel, OnChainText } from '../../components/text/on-chain-text.tsx';
import { IdText } from '../../components/values/id-text.tsx';
import { AWAITING_TALLY, RelativeTime } from '../../components/values/relative-time.tsx';
import { compareIds } from '../../lib/chain/ids.ts';
import type { ServedChain } from '../../lib/chain/served-chains.ts';
import { grouped } from '../../lib/format-number.ts';
import { instant } from '../../lib/time.ts';

const SHOWN = 3;
const DECIDED = ['PROPOSAL_STATUS_ACCEPTED', 'PROPOSAL_STATUS_REJECTED'] as const;

const planQuery = (chain: ServedChain) =>
  queryOptions({
    queryKey: ['api', chain.path, 'chains-overview', 'current-plan'],
    queryFn: ({ signal }) => getCurrentPlan(chain.path, { signal }),
    refetchInterval: 30_000,
  });

const openQuery = (chain: ServedChain) => ({
  queryKey: ['api', chain.path, 'chains-overview', 'open'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getArchivedProposals(
      chain.path,
      { voting_open: 'true', order_by: 'voting_period_end', order: 'asc' },
      { param: null, limit: SHOWN, signal },
    ),
  enabled: chain.archive,
  refetchInterval: 30_000,
});

/**
 * The newest decided proposals: the latest accepted and rejected, merged (the archive filters one
 * status at a time). By id, not voting end: a group decides early, so a far voting end says nothing
 * of when it was decided.
 */
const decidedQuery = (chain: ServedChain, status: (typeof DECIDED)[number]) => ({
  queryKey: ['api', chain.path, 'chains-overview', status],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getArchivedProposals(
      chain.path,
      { status, order_by: 'id', order: 'desc' },
      { param: { offset: 0 }, limit: SHOWN, signal },
    ),
  enabled: chain.archive,
  refetchInterval: 30_000,
});

function ProposalLine({
  chain,
  proposal,
  when,
}: {
  chain: ServedChain;
  proposal: ArchivedProposal;
  when: 'closes' | 'ended';
}) {
  const end = proposal.voting_period_end ? instant(proposal.voting_period_end) : null;
  return (
    <li>
      <AppLink to={`/proposals/${proposal.id}`} endpoint={chain.path} fz="sm">
        <IdText id={proposal.id} /> <ChainLabel value={proposal.title} fallback="(untitled)" />
      </AppLink>
      <Group gap={6}>
        <StatusBadge status={proposal.status} />
        {end && (
          <Text span fz="xs" c="dimmed">
            {when === 'closes' ? (
              <RelativeTime date={end} prefix="closes " past="voting ended " afterPast={AWAITING_TALLY} />
            ) : (
              // A group decides early once no vote left can change the outcome: its period may run on.
              <RelativeTime date={end} prefix="decided early; its period ends " past="voting ended " />
            )}
          </Text>
        )}
      </Group>
    </li>
  );
}

const LIST = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** One served chain at a glance: open proposals, latest decisions, the next upgrade. */
export function ChainSummary({ chain }: { chain: ServedChain }) {
  const plan = useQuery(planQuery(chain));
  const open = useQuery(openQuery(chain));
  const decided = useQueries({ queries: DECIDED.map((status) => decidedQuery(chain, status)) });
  const latest = decided
    .flatMap((query) => query.data?.rows ?? [])
    .sort((one, other) => compareIds(other.id, one.id))
    .slice(0, SHOWN);
  const next = plan.data?.plan;
  // An archive that has read nothing of its chain: its empty lists are "not read", not "none".
  const unread = useArchiveUnread(chain.archive ? chain.path : null);
  const catchingUp = useArchiveCatchingUp(chain.archive ? chain.path : null);
  return (
    <Card data-testid={`chain-summary-${chain.name}`} component="section" aria-label={chain.prettyName}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg">
            <AppLink to="/" endpoint={chain.path}>
              {chain.prettyName}
            </AppLink>
          </Title>
          {chain.chainId && (
            <Badge variant="light" ff="monospace" tt="none">
              {chain.chainId}
            </Badge>
          )}
        </Group>
        <Stack gap={4}>
          <Text fz="sm" fw={600}>
            Open proposals{open.data && !unread ? ` · ${grouped(open.data.pagination.total)}` : ''}
          </Text>
          {!chain.archive ? (
            <Text fz="sm" c="dimmed">
              No archive here to list them:{' '}
              <AppLink to="/proposals?open=1" endpoint={chain.path} underline="always">
                its proposals page
              </AppLink>{' '}
              walks the node.
            </Text>
          ) : unread ? (
            <Text fz="sm" c="orange" data-testid="chain-unread">
              Not read: <OnChainText value={unread} max={300} />.
            </Text>
          ) : open.isError ? (
            <Text fz="sm" c="red">
              Not answered: {open.error.message}
            </Text>
          ) : open.isPending ? (
            <Text fz="sm" c="dimmed" role="status">
              Asking its archive…
            </Text>
          ) : open.data.rows.length === 0 && catchingUp ? (
            <Text fz="sm" c="dimmed" role="status" data-testid="chain-catching-up">
              {catchingUp}: none read yet.
            </Text>
          ) : open.data.rows.length === 0 ? (
            <Text fz="sm" c="dimmed">
              None open for voting.
            </Text>
          ) : (
            <ul style={LIST}>
              {open.data.rows.map((proposal) => (
                <ProposalLine key={proposal.id} chain={chain} proposal={proposal} when="closes" />
              ))}
            </ul>
          )}
        </Stack>
        {chain.archive && (
          <Stack gap={4}>
            <Text fz="sm" fw={600}>
              Latest decisions
            </Text>
            {unread ? (
              <Text fz="sm" c="orange">
                Not read yet.
              </Text>
            ) : decided.some((query) => query.isError) ? (
              <Text fz="sm" c="red">
                Not answered: {decided.find((query) => query.isError)?.error?.message}
              </Text>
            ) : decided.every((query) => query.data) && latest.length === 0 ? (
              <Text fz="sm" c="dimmed">
                None decided yet.
              </Text>
            ) : (
              <ul style={LIST}>
                {latest.map((proposal) => (
                  <ProposalLine key={proposal.id} chain={chain} proposal={proposal} when="ended" />
                ))}
              </ul>
            )}
          </Stack>
        )}
        <Text fz="sm" data-testid={`chain-next-upgrade-${chain.name}`}>
          <b>Next upgrade:</b>{' '}
          {plan.isError ? (
            'not answered'
          ) : plan.data === undefined ? (
            '…'
          ) : next ? (
            <>
              <ChainLabel value={next.name} max={120} /> at height {grouped(next.height)}
            </>
          ) : (
            'none scheduled'
          )}
          {' · '}
          {/* Inside a line of text a link is underlined: its colour alone is too close to the text's. */}
          <AppLink to="/upgrades" endpoint={chain.path} fz="sm" underline="always">
            upgrades
          </AppLink>
        </Text>
      </Stack>
    </Card>
  );
}
