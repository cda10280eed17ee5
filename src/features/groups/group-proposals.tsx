import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { AppLink } from '../../components/page/app-link.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../components/states/query-states.tsx';
import { StatusBadge } from '../../components/tallies/badges.tsx';
import { RowTally } from '../../components/tallies/row-tally.tsx';
import { ChainLabel } from '../../components/text/on-chain-text.tsx';
import { IdText } from '../../components/values/id-text.tsx';
import { RelativeTime } from '../../components/values/relative-time.tsx';
import { proposalPhase } from '../../domain/proposal-phase.ts';
import { finalTallyWords } from '../../domain/tally-words.ts';
import { useNow } from '../../hooks/time/use-now.ts';
import { metadataName } from '../../lib/text/metadata.ts';
import { instant } from '../../lib/time.ts';
import classes from './group-proposals.module.css';
import { groupQueries } from './queries.ts';

const PER_POLICY = 10;

/** The group's newest proposals across its policies: title, status, policy and when voting ends. */
export function GroupProposals({ endpoint, groupId }: { endpoint: string; groupId: string }) {
  const latest = useQuery(groupQueries.latestProposals(endpoint, groupId, PER_POLICY));
  const now = useNow(30_000);
  if (latest.isPending) return <LoadingBlock label="Loading proposals" />;
  if (latest.isError) return <ErrorState error={latest.error} what="Proposals" onRetry={() => void latest.refetch()} />;
  const { proposals, policies, fromArchive } = latest.data;
  if (proposals.length === 0) {
    return (
      <EmptyState>
        {fromArchive
          ? 'The archive kept no proposals of this group.'
          : 'No stored proposals. Executed proposals are removed at once, others 14 days after voting ends.'}
      </EmptyState>
    );
  }
  const policyName = new Map(policies.map((policy) => [policy.address, metadataName(policy.metadata, '')]));
  return (
    <Stack gap={6} data-testid="group-proposals">
      <Text fz="xs" c="dimmed">
        {fromArchive
          ? 'The newest the archive kept, pruned ones included, newest first; each policy’s page lists all of its own.'
          : `The ${PER_POLICY} newest of each policy, newest first; each policy’s page lists all of its own.`}
      </Text>
      <ul className={classes.list}>
        {proposals.map((proposal) => {
          const end = instant(proposal.voting_period_end);
          const phase = proposalPhase(proposal, now);
          return (
            <li key={proposal.id} className={classes.item}>
              <AppLink to={`/proposals/${proposal.id}`} className={classes.title}>
                <IdText id={proposal.id} /> <ChainLabel value={proposal.title} fallback="(untitled)" />
              </AppLink>
              <span className={classes.facts}>
                <StatusBadge status={proposal.status} />
                <Text span fz="xs" c="dimmed">
                  {policyName.get(proposal.group_policy_address) || 'policy'}
                  {end && phase === 'voting' && <RelativeTime date={end} prefix=" · voting ends " />}
                  {end && phase === 'awaiting final tally' && <RelativeTime date={end} prefix=" · voting ended " />}
                </Text>
              </span>
              {phase === 'voting' ? (
                <div className={classes.tally}>
                  <RowTally
                    endpoint={endpoint}
                    row={{ id: proposal.id, group_id: groupId, group_policy_address: proposal.group_policy_address }}
                  />
                </div>
              ) : phase === 'final' ? (
                <Text fz="xs" className={classes.tally} data-testid="row-final-tally">
                  {finalTallyWords(proposal.final_tally_result)}
                </Text>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Stack>
  );
}
