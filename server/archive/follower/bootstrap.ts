import type { RestReader } from '../source/rest-reader.ts';
import type { RpcReader } from '../source/rpc-reader.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import { BatchRows } from '../store/batch-rows.ts';
import { recordGap, setCursor, setMetaValue } from '../store/cursor-store.ts';
import { writeGroup } from '../store/group-store.ts';
import { writePolicy } from '../store/policy-store.ts';
import type { ProposalState } from '../store/proposal-store.ts';
import { knowPlan } from '../store/upgrade-store.ts';
import { VOTES_KEPT_STATUSES } from '../vocabulary.ts';
import type { GapPlan } from './start-point.ts';

/**
 * First start of an archive at a height of a chain whose history began before it: the whole
 * state pinned at that height (every group, member, policy, proposal and stored vote, the
 * scheduled plan and module versions), everything marked as known from that height on, and the
 * heights before it recorded as gaps, each with why.
 */
export async function bootstrap(
  store: ArchiveStore,
  rpc: RpcReader,
  rest: RestReader,
  start: { height: bigint; gaps: readonly GapPlan[] },
): Promise<bigint> {
  const height = start.height;
  const block = await rpc.block(height);
  const groups = await rest.groups(height);
  const members = await Promise.all(groups.map((group) => rest.members(group.id, height)));
  const policies = (await Promise.all(groups.map((group) => rest.policiesOf(group.id, height)))).flat();
  const proposals = (await Promise.all(policies.map((policy) => rest.proposalsOf(policy.address, height)))).flat();
  const votes = (
    await Promise.all(
      proposals
        .filter((proposal) => (VOTES_KEPT_STATUSES as readonly string[]).includes(proposal.status))
        .map((proposal) => rest.votesOf(proposal.id, height)),
    )
  ).flat();
  const plan = await rest.currentPlan(height);
  const versions = await rest.moduleVersions(height);
  const groupOfPolicy = new Map(policies.map((policy) => [policy.address, policy.group_id]));
  await store.write(async (tx) => {
    await setMetaValue(tx, 'bootstrap_height', String(height));
    const rows = new BatchRows();
    const states = new Map<string, ProposalState | null>();
    const time = block.time;
    for (const [index, group] of groups.entries())
      await writeGroup(tx, rows.groupHistory, { group, members: members[index], height, time, bootstrap: true });
    for (const policy of policies) await writePolicy(tx, policy, height);
    for (const proposal of proposals) {
      const groupId = groupOfPolicy.get(proposal.group_policy_address) ?? '0';
      rows.proposals.write(states, { proposal, groupId, height, onChain: true });
      rows.proposals.timelineEntry({ proposalId: proposal.id, height, time, kind: 'first_seen' }, proposal.status);
    }
    for (const vote of votes) {
      const input = { proposalId: vote.proposal_id, voter: vote.voter, option: vote.option, metadata: vote.metadata };
      rows.votes.add(input, height, vote.submit_time);
    }
    for (const entry of versions) rows.moduleVersions.add(entry.name, height, entry.version);
    await rows.flush(tx);
    if (plan) await knowPlan(tx, plan);
    for (const gap of start.gaps) await recordGap(tx, gap.from, gap.to, gap.reason);
    await setCursor(tx, height, block.hash, block.time);
  });
  return height;
}
