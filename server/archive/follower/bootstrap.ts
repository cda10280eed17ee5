import type { SqlDatabase } from '../db/sql-database.ts';
import type { RestReader } from '../node/rest-reader.ts';
import type { NodeStatus, RpcReader } from '../node/rpc-reader.ts';
import {
  recordGap,
  setCursor,
  timeline,
  writeGroup,
  writePolicy,
  writeProposal,
  type ProposalState,
} from './archive-writer.ts';
import { PendingRows } from './pending-rows.ts';

const HAS_VOTES = new Set(['PROPOSAL_STATUS_SUBMITTED', 'PROPOSAL_STATUS_ABORTED', 'PROPOSAL_STATUS_WITHDRAWN']);

/**
 * First start against a chain whose history began before the archive: the whole state at one
 * pinned height (every group, member, policy, proposal and stored vote, the scheduled plan and
 * module versions), everything marked as known from that height on, and the heights before it
 * recorded as not observed.
 */
export async function bootstrap(
  db: SqlDatabase,
  rpc: RpcReader,
  rest: RestReader,
  status: NodeStatus,
): Promise<bigint> {
  const height = status.latestHeight;
  const block = await rpc.block(height);
  const groups = await rest.groups(height);
  const members = await Promise.all(groups.map((group) => rest.members(group.id, height)));
  const policies = (await Promise.all(groups.map((group) => rest.policiesOf(group.id, height)))).flat();
  const proposals = (await Promise.all(policies.map((policy) => rest.proposalsOf(policy.address, height)))).flat();
  const votes = (
    await Promise.all(
      proposals
        .filter((proposal) => HAS_VOTES.has(proposal.status))
        .map((proposal) => rest.votesOf(proposal.id, height)),
    )
  ).flat();
  const plan = await rest.currentPlan(height);
  const versions = await rest.moduleVersions(height);
  const groupOfPolicy = new Map(policies.map((policy) => [policy.address, policy.group_id]));
  await db.transaction(async (tx) => {
    await tx.query(
      'INSERT INTO archive_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ['bootstrap_height', String(height)],
    );
    const pending = new PendingRows();
    const states = new Map<string, ProposalState | null>();
    for (const [index, group] of groups.entries())
      await writeGroup(tx, pending, group, members[index], height, block.time, true);
    for (const policy of policies) await writePolicy(tx, policy, height);
    for (const proposal of proposals) {
      const group = groupOfPolicy.get(proposal.group_policy_address) ?? '0';
      writeProposal(pending, states, proposal, group, height, true);
      timeline(pending, proposal.id, height, block.time, 'first_seen', proposal.status);
    }
    for (const vote of votes) {
      const input = { proposalId: vote.proposal_id, voter: vote.voter, option: vote.option, metadata: vote.metadata };
      pending.vote(input, height, vote.submit_time);
    }
    for (const entry of versions) pending.moduleVersion(entry.name, height, entry.version);
    await pending.flush(tx);
    if (plan) {
      await tx.query('INSERT INTO upgrades (name, height, info) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        plan.name,
        plan.height,
        plan.info,
      ]);
    }
    if (height > 1n)
      await recordGap(tx, 1n, height - 1n, `before the archive started: the state at ${height} is where it begins`);
    await setCursor(tx, height, block.hash, block.time);
  });
  return height;
}
