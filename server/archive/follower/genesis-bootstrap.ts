import { readGenesis } from '../source/genesis-reader.ts';
import type { NodeStatus } from '../source/rpc-reader.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import { BatchRows } from '../store/batch-rows.ts';
import { setCursor, setMetaValue } from '../store/cursor-store.ts';
import { writeGroup } from '../store/group-store.ts';
import { writePolicy } from '../store/policy-store.ts';
import type { ProposalState } from '../store/proposal-store.ts';

/**
 * An archive that starts where the chain does: the x/group state of the node's `/genesis`,
 * recorded at the height before the chain's first block, and then every block from there. Returns
 * the problem in words when the genesis cannot start this archive (nothing is written then).
 */
export async function bootstrapFromGenesis(
  store: ArchiveStore,
  rpcUrl: string,
  status: NodeStatus,
): Promise<{ height: bigint } | { problem: string }> {
  const genesis = await readGenesis(rpcUrl);
  if (!genesis) return { problem: 'the node serves no /genesis: start from its earliest block instead' };
  if (genesis.chainId !== status.chainId) {
    return {
      problem: `the node's /genesis is of chain ${genesis.chainId}, but the node serves chain ${status.chainId}`,
    };
  }
  if (genesis.initialHeight < status.earliestHeight) {
    return {
      problem: `the chain starts at height ${genesis.initialHeight}, but the node's earliest block is ${status.earliestHeight}: the blocks between are not on this node (point the archive at an archive node)`,
    };
  }
  const height = genesis.initialHeight - 1n;
  const time = genesis.genesisTime;
  const { groups, group_members, group_policies, proposals, votes } = genesis.group;
  const groupOfPolicy = new Map(group_policies.map((policy) => [policy.address, policy.group_id]));
  await store.write(async (tx) => {
    await setMetaValue(tx, 'bootstrap_height', String(height));
    const rows = new BatchRows();
    const states = new Map<string, ProposalState | null>();
    for (const group of groups) {
      const members = group_members.filter((entry) => entry.group_id === group.id).map((entry) => entry.member);
      await writeGroup(tx, rows.groupHistory, { group, members, height, time, bootstrap: true });
    }
    for (const policy of group_policies) await writePolicy(tx, policy, height);
    for (const proposal of proposals) {
      const groupId = groupOfPolicy.get(proposal.group_policy_address) ?? '0';
      rows.proposals.write(states, { proposal, groupId, height, onChain: true });
      rows.proposals.timelineEntry({ proposalId: proposal.id, height, time, kind: 'first_seen' }, proposal.status);
    }
    for (const vote of votes) {
      const input = { proposalId: vote.proposal_id, voter: vote.voter, option: vote.option, metadata: vote.metadata };
      rows.votes.add(input, height, vote.submit_time);
    }
    await rows.flush(tx);
    // The first block names no block before it: the cursor holds no hash to check it against.
    await setCursor(tx, height, '', time);
  });
  return { height };
}
