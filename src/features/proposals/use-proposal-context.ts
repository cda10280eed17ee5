import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { proposalFromArchive } from '../../api/archive-as-node.ts';
import { isArchiveAbsent } from '../../api/archive.ts';
import { NotFoundError, UnsupportedError } from '../../api/errors.ts';
import { isUndecided } from '../../domain/proposal-phase.ts';
import { archiveLags, proposalPollMs, type NodeView } from '../../domain/proposal-watch.ts';
import { groupInfoQuery, policyInfoQuery } from '../../hooks/shared-queries.ts';
import { useBlockPace } from '../../hooks/time/use-block-pace.ts';
import { useProposalPhase } from '../../hooks/use-proposal-phase.ts';
import { proposalQueries } from './queries.ts';
import { archivedRecordQuery } from './record-query.ts';

/** Before the proposal is read: a status no clock changes, so the phase hook sets no timer. */
const NO_PROPOSAL = { status: 'PROPOSAL_STATUS_UNSPECIFIED', voting_period_end: '' } as const;

/** Groups of at most this many members have their voters' weights read without asking. */
const AUTO_WEIGHTS_MEMBERS = 5000n;

/**
 * A proposal and what its page reads because of it. The node's proposal and the archive's record
 * start together; the policy (for the pass line) starts as soon as either names it, and the group
 * (for the total weight) as soon as the policy or the archive does; the group's members (for each
 * voter's weight) only once the reader asks. A null id (not a proposal id) reads nothing.
 *
 * The page follows the proposal to its end without a reload: the node's proposal is read as
 * often as it can change (see domain/proposal-watch.ts); once the node has decided or pruned it,
 * the archive's record is read every block until it has caught up, and a pruned proposal is then
 * shown from that record.
 */
export function useProposalContext(endpoint: string, id: string | null) {
  const pace = useBlockPace(endpoint);
  const proposal = useQuery(proposalQueries.detail(endpoint, id, (shown, now) => proposalPollMs(shown, now, pace)));
  // Voting ends by the clock: the page renders again then (its poll follows the new phase) and
  // asks at once, so the end-blocker's decision shows a block after it is made.
  const phase = useProposalPhase(proposal.data ?? NO_PROPOSAL);
  const { refetch } = proposal;
  const phaseSeen = useRef(phase);
  useEffect(() => {
    if (phaseSeen.current === 'voting' && phase === 'awaiting final tally') void refetch();
    phaseSeen.current = phase;
  }, [phase, refetch]);
  // The node answered "not found" for a proposal it had shown: the chain pruned it meanwhile. A
  // 501 is a chain whose upgrade removed x/group: nothing of it is stored any more either.
  const gone =
    proposal.isError && (proposal.error instanceof NotFoundError || proposal.error instanceof UnsupportedError);
  const node: NodeView = gone
    ? { kind: 'gone' }
    : proposal.data && !proposal.isError
      ? { kind: 'stored', status: proposal.data.status }
      : { kind: 'unknown' };
  // A plain node answers the archive's path at once (501): nothing waits on it there.
  const record = useQuery(
    archivedRecordQuery(endpoint, id, (latest) => (archiveLags(node, latest?.proposal) ? pace : false)),
  );
  const archived = record.data;
  const { refetch: refetchRecord } = record;
  // The moment the node shows a change, the archive is asked at once, not a block later.
  const nodeState = node.kind === 'stored' ? node.status : node.kind;
  const seenState = useRef(nodeState);
  useEffect(() => {
    if (seenState.current === nodeState) return;
    seenState.current = nodeState;
    if (nodeState !== 'unknown') void refetchRecord();
  }, [nodeState, refetchRecord]);

  const policyAddress = proposal.data?.group_policy_address ?? archived?.proposal.group_policy_address ?? null;
  const policy = useQuery(policyInfoQuery(endpoint, policyAddress));
  const groupId = policy.data?.group_id ?? archived?.proposal.group_id ?? null;
  const group = useQuery(groupInfoQuery(endpoint, groupId));
  // Voters' weights come from the group's whole member list: read by themselves for a group of a
  // few thousand members (so the votes listed add up to the tally on screen), for a larger one
  // only when the reader asks.
  const listsVotes = node.kind === 'stored' && isUndecided(node.status);
  const size = useQuery(proposalQueries.memberCount(endpoint, listsVotes ? groupId : null));
  const small = size.data !== undefined && BigInt(size.data) <= AUTO_WEIGHTS_MEMBERS;
  const [wantWeights, setWantWeights] = useState(false);
  const members = useQuery(proposalQueries.memberWeights(endpoint, wantWeights || small ? groupId : null));
  const weights = useMemo(
    () => (members.data ? new Map(members.data.map((row) => [row.member.address, row.member.weight])) : undefined),
    [members.data],
  );
  const needWeights = useCallback(() => setWantWeights(true), []);
  const refreshProposal = useCallback(() => void refetch(), [refetch]);
  // A proposal the node no longer stores is shown as the archive last saw it — once the archive
  // has seen it leave the chain; until then, the node's last answer stays (marked as such).
  const archivedView = useMemo(() => (archived ? proposalFromArchive(archived.proposal) : null), [archived]);
  const pruned =
    (gone || (proposal.isError && !proposal.data)) && archivedView && !(gone && archiveLags(node, archived?.proposal))
      ? archivedView
      : null;
  return {
    proposal,
    /** What the node says now: the proposal it stores, that it pruned one it showed, or nothing yet. */
    node,
    /** The node pruned it while the page was open and the archive has not yet recorded how it ended. */
    awaitingArchive:
      gone && archiveLags(node, archived?.proposal) && !(record.isError && isArchiveAbsent(record.error)),
    policy,
    groupId,
    group,
    members,
    weights,
    needWeights,
    refreshProposal,
    archived,
    archiveAnswered: !record.isPending,
    /**
     * The chain has tallied it and the archive (one that answers) has not recorded the tally yet:
     * the weights and the rule it was tallied with are on their way, not unknown.
     */
    talliedWithComing:
      !record.isError &&
      (record.isPending || (archiveLags(node, archived?.proposal) && (archived?.tallied_with ?? null) === null)),
    pruned,
  };
}

export type ProposalContext = ReturnType<typeof useProposalContext>;
