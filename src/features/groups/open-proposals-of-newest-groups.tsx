import { Text } from '@mantine/core';

import { AppLink } from '../../components/page/app-link.tsx';
import { EmptyState, LoadingBlock, LookupFailed } from '../../components/states/query-states.tsx';
import { StatusBadge } from '../../components/tallies/badges.tsx';
import { ChainLabel } from '../../components/text/on-chain-text.tsx';
import { IdText } from '../../components/values/id-text.tsx';
import { AWAITING_TALLY, RelativeTime } from '../../components/values/relative-time.tsx';
import { proposalPhase } from '../../domain/proposal-phase.ts';
import { useNow } from '../../hooks/time/use-now.ts';
import { metadataName } from '../../lib/text/metadata.ts';
import { instant } from '../../lib/time.ts';
import classes from './newest-groups.module.css';
import { NEWEST_GROUPS, type OpenProposalsRead } from './use-newest-groups.ts';

const SHOWN = 15;

/** The overview's open proposals on a node without an archive: those of the newest groups only. */
export function OpenProposalsOfNewestGroups({ read }: { read: OpenProposalsRead }) {
  const { open, noRecent, loading, failed } = read;
  const now = useNow(15_000);
  return (
    <>
      <Text fz="xs" c="dimmed" mb="sm">
        In the {NEWEST_GROUPS} newest groups, soonest to close first.
      </Text>
      {loading && <LoadingBlock label="Loading open proposals" />}
      {noRecent && <EmptyState>Open proposals are looked up in the newest groups, which could not be read.</EmptyState>}
      {failed.length > 0 && (
        <LookupFailed
          what={`The proposals of ${failed.length} group${failed.length === 1 ? '' : 's'}`}
          waiting="This list may miss open proposals until they are read."
          error={failed[0]?.error}
          onRetry={() => failed.forEach((query) => void query.refetch())}
        />
      )}
      {!loading && !noRecent && open.length === 0 && failed.length === 0 && (
        <EmptyState>No proposal is open for voting in these groups.</EmptyState>
      )}
      {open.length > 0 && (
        <ul className={classes.list} data-testid="open-proposals">
          {open.slice(0, SHOWN).map(({ proposal, group }) => {
            const end = instant(proposal.voting_period_end);
            return (
              <li key={proposal.id} className={classes.item}>
                <AppLink to={`/proposals/${proposal.id}`} className={classes.title}>
                  <IdText id={proposal.id} /> <ChainLabel value={proposal.title} fallback="(untitled)" />
                </AppLink>
                <span className={classes.facts}>
                  <StatusBadge status={proposal.status} />
                  <Text span fz="sm" c="dimmed">
                    {group ? `${metadataName(group.metadata, `group #${group.id}`)} · ` : ''}
                    {end === null ? (
                      ''
                    ) : proposalPhase(proposal, now) === 'voting' ? (
                      <RelativeTime date={end} prefix="closes " past="voting ended " afterPast={AWAITING_TALLY} />
                    ) : (
                      'voting ended'
                    )}
                  </Text>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
