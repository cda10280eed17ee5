import { Alert, Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';

import { PageTitle } from '../../components/page/page-title.tsx';
import { LoadingBlock, LookupFailed, StaleNote } from '../../components/states/query-states.tsx';
import { StatusBadge } from '../../components/tallies/badges.tsx';
import { ExecBadge } from '../../components/tallies/vote-badges.tsx';
import { useMetadataName } from '../../hooks/use-ipfs-document.ts';
import { labelText } from '../../lib/text/hostile-text.ts';
import { MissingProposal, PRUNING_NOTE } from './missing-proposal.tsx';
import type { ProposalContext } from './use-proposal-context.ts';

/**
 * The top of a proposal's page: its title and status (with `actions` beside them), then whatever
 * could not be read (the proposal, its policy, group or members), each with what waits for it and
 * a retry.
 */
export function ProposalHeader({
  endpoint,
  id,
  context,
  actions,
}: {
  endpoint: string;
  id: string;
  context: ProposalContext;
  actions?: ReactNode;
}) {
  const { proposal: query, policy, group, groupId, members, archived } = context;
  const shown = context.pruned ?? query.data;
  // The node's proposal, while the page shows it (not the archive's record of a pruned one).
  const proposal = context.pruned ? undefined : query.data;
  const gone = context.node.kind === 'gone';
  // The on-chain title first; without one (before SDK v0.50 there was none), its metadata's, which
  // may be in a document the metadata links to.
  const record = proposal ?? archived?.proposal;
  const metadataTitle = useMetadataName(record?.metadata, '');
  const title = record ? record.title || metadataTitle : '';
  return (
    <>
      <PageTitle
        kicker={`Proposal #${id}`}
        title={record ? title || '(untitled proposal)' : `Proposal ${id}`}
        docTitle={`Proposal ${id}${title ? ` · ${labelText(title, 60)}` : ''}`}
        right={
          <Group gap="xs">
            {shown && (
              <>
                <StatusBadge status={shown.status} />
                <ExecBadge result={shown.executor_result} status={shown.status} />
              </>
            )}
            {context.pruned && (
              <Badge color="gray" variant="outline" data-testid="proposal-pruned">
                Pruned from the chain · kept by the archive
              </Badge>
            )}
            {actions}
          </Group>
        }
      />
      {query.isPending && <LoadingBlock label="Loading proposal" rows={5} />}
      {query.isError && !proposal && !archived && (
        <MissingProposal endpoint={endpoint} id={id} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {gone && proposal && (
        <Alert
          color="blue"
          variant="light"
          title="The chain has just removed this proposal from its state"
          role="status"
          data-testid="proposal-leaving"
        >
          {context.awaitingArchive
            ? 'Reading the archive’s record of how it ended… Until it arrives, this is the last the node showed.'
            : `${PRUNING_NOTE} This endpoint keeps no archive of it: this is the last the node showed.`}
        </Alert>
      )}
      {query.isError && proposal && !gone && <StaleNote error={query.error} onRetry={() => void query.refetch()} />}
      {proposal && policy.isError && !policy.data && (
        <LookupFailed
          what="The proposal's group policy"
          waiting="Its group, the policy's pass line and the recount wait for it."
          error={policy.error}
          onRetry={() => void policy.refetch()}
        />
      )}
      {proposal && group.isError && !group.data && (
        <LookupFailed
          what={`Group #${groupId ?? ''}`}
          waiting="The group's total weight (for the pass line and the recount) waits for it."
          error={group.error}
          onRetry={() => void group.refetch()}
        />
      )}
      {proposal && members.isError && !members.data && (
        <LookupFailed
          what="The group's members"
          waiting="The voters' weights wait for them."
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      )}
    </>
  );
}
