import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';

import { groupInfoQuery, policyInfoQuery } from '../../hooks/shared-queries.ts';
import { useBlockPace } from '../../hooks/use-block-pace.ts';
import { proposalFromArchive } from './archived-as-proposal.ts';
import { proposalQueries } from './queries.ts';
import { archivedRecordQuery } from './record-query.ts';

/** While live, only the tally follows every block; the proposal itself is read again this rarely (in blocks). */
const PROPOSAL_POLL_BLOCKS = 10;

/**
 * A proposal and what its page reads because of it. The node's proposal and the archive's record
 * start together; the policy (for the pass line) starts as soon as either names it, and the group
 * (for the total weight) as soon as the policy or the archive does; the group's members (for each
 * voter's weight) only once the reader asks. A null id (not a proposal id) reads nothing.
 */
export function useProposalContext(endpoint: string, id: string | null) {
  const pace = useBlockPace(endpoint);
  const proposal = useQuery(proposalQueries.detail(endpoint, id, Math.max(15_000, pace * PROPOSAL_POLL_BLOCKS)));
  // A plain node answers the archive's path at once (501): nothing waits on it there.
  const record = useQuery(archivedRecordQuery(endpoint, id));
  const archived = record.data;
  const policyAddress = proposal.data?.group_policy_address ?? archived?.proposal.group_policy_address ?? null;
  const policy = useQuery(policyInfoQuery(endpoint, policyAddress));
  const groupId = policy.data?.group_id ?? archived?.proposal.group_id ?? null;
  const group = useQuery(groupInfoQuery(endpoint, groupId));
  // Voters' weights come from the group's whole member list, read only when the reader asks.
  const [wantWeights, setWantWeights] = useState(false);
  const members = useQuery(proposalQueries.memberWeights(endpoint, wantWeights ? groupId : null));
  const weights = useMemo(
    () => (members.data ? new Map(members.data.map((row) => [row.member.address, row.member.weight])) : undefined),
    [members.data],
  );
  const needWeights = useCallback(() => setWantWeights(true), []);
  const { refetch } = proposal;
  const refreshProposal = useCallback(() => void refetch(), [refetch]);
  // A proposal the node no longer stores is shown as the archive last saw it.
  const pruned = useMemo(
    () => (proposal.isError && !proposal.data && archived ? proposalFromArchive(archived.proposal) : null),
    [proposal.isError, proposal.data, archived],
  );
  return {
    proposal,
    policy,
    groupId,
    group,
    members,
    weights,
    needWeights,
    refreshProposal,
    archived,
    archiveAnswered: !record.isPending,
    pruned,
  };
}

export type ProposalContext = ReturnType<typeof useProposalContext>;
