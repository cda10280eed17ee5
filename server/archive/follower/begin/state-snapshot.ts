import type { NodeGroup, NodeMember, NodePolicy, NodeProposal, NodeVote } from '../../node-records.ts';
import type { StoreTransaction } from '../../store/archive-store.ts';
import { BatchRows } from '../../store/batch-rows.ts';
import { setMetaValue } from '../../store/cursor/cursor-writes.ts';
import { writeGroups } from '../../store/groups/group-writes.ts';
import { writePolicies } from '../../store/policies/policy-writes.ts';
import type { ProposalState } from '../../store/proposals/proposal-writes.ts';

/** The whole x/group state at one height: where a new archive begins (pinned reads, or a genesis). */
export interface StateSnapshot {
  height: bigint;
  time: string;
  groups: { group: NodeGroup; members: readonly NodeMember[] }[];
  policies: readonly NodePolicy[];
  proposals: readonly NodeProposal[];
  votes: readonly NodeVote[];
  moduleVersions: readonly { name: string; version: string }[];
  /**
   * The transaction of each vote cast in the snapshot's own block, by `proposal/voter`, when that
   * block was read: the same as an archive that read the block while following would hold.
   */
  voteTransactions?: ReadonlyMap<string, string>;
}

export const voteKey = (proposalId: string, voter: string) => `${proposalId}/${voter}`;

/** Writes a snapshot as the archive's first state: everything known from its height on. */
export async function writeSnapshot(tx: StoreTransaction, snapshot: StateSnapshot): Promise<void> {
  const { height, time } = snapshot;
  await setMetaValue(tx, 'bootstrap_height', String(height));
  const rows = new BatchRows();
  const states = new Map<string, ProposalState | null>();
  await writeGroups(
    tx,
    rows.groupHistory,
    snapshot.groups.map(({ group, members }) => ({ group, members, height, time, bootstrap: true })),
  );
  await writePolicies(tx, snapshot.policies, height);
  const groupOfPolicy = new Map(snapshot.policies.map((policy) => [policy.address, policy.group_id]));
  for (const proposal of snapshot.proposals) {
    const groupId = groupOfPolicy.get(proposal.group_policy_address) ?? '0';
    rows.proposals.write(states, { proposal, groupId, height, onChain: true });
    rows.proposals.timelineEntry({ proposalId: proposal.id, height, time, kind: 'first_seen' }, proposal.status);
  }
  for (const vote of snapshot.votes) {
    const txHash = snapshot.voteTransactions?.get(voteKey(vote.proposal_id, vote.voter)) ?? null;
    const input = {
      proposalId: vote.proposal_id,
      voter: vote.voter,
      option: vote.option,
      metadata: vote.metadata,
      txHash,
    };
    rows.votes.add(input, height, vote.submit_time);
  }
  for (const entry of snapshot.moduleVersions) rows.moduleVersions.add(entry.name, height, entry.version);
  await rows.flush(tx);
}
