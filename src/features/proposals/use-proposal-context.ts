import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';

import { groupInfoQuery, policyInfoQuery } from '../../hooks/shared-queries.ts';
import { useBlockPace } from '../../hooks/use-block-pace.ts';
import { archivedProposalQueries } from './archive-queries.ts';
import { proposalQueries } from './queries.ts';

/** While live, only the tally follows every block; the proposal itself is read again this rarely (in blocks). */
const PROPOSAL_POLL_BLOCKS = 10;

/**
 * A proposal and what its page reads because of it, each read waiting for the one before: the
 * proposal, then its policy (for the pass line), then the policy's group (for the total weight),
 * then the group's members (for each voter's weight), these last only once the reader asks.
 * A null id (not a proposal id) reads nothing.
 */
export function useProposalContext(endpoint: string, id: string | null) {
  const pace = useBlockPace(endpoint);
  const proposal = useQuery(proposalQueries.detail(endpoint, id, Math.max(15_000, pace * PROPOSAL_POLL_BLOCKS)));
  const policy = useQuery(policyInfoQuery(endpoint, proposal.data?.group_policy_address ?? null));
  const groupId = policy.data?.group_id ?? null;
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
  // A proposal the node no longer stores is titled from the archive's record (the history's query).
  const archived = useQuery(
    archivedProposalQueries.record(endpoint, proposal.isError && !proposal.data ? id : null),
  ).data;
  return { proposal, policy, groupId, group, members, weights, needWeights, refreshProposal, archived };
}

export type ProposalContext = ReturnType<typeof useProposalContext>;
