import type { SqlDatabase, SqlExecutor } from '../db/sql-database.ts';
import type { NodeGroup, NodeMember, NodePolicy, NodeProposal, RestReader } from '../node/rest-reader.ts';
import type { FetchedBlock } from '../node/rpc-reader.ts';
import {
  recordGap,
  setCursor,
  settleVoteWeights,
  timeline,
  writeGroup,
  writePolicy,
  writeProposal,
  writeVotes,
} from './archive-writer.ts';
import { addSeconds, durationSeconds } from './chain-time.ts';
import { decodeBlock, type BlockFacts, type SubmitFact } from './decode-block.ts';
import type { OpenWork } from './open-work.ts';

const FINAL = new Set(['PROPOSAL_STATUS_ACCEPTED', 'PROPOSAL_STATUS_REJECTED']);

interface BlockReads {
  groups: { info: NodeGroup; members: NodeMember[] }[];
  policies: NodePolicy[];
  proposals: Map<string, NodeProposal | null>;
  due: Set<string>;
  scheduledPlan: { name: string; height: string; info: string } | null;
  applied: {
    name: string;
    versionsBefore: { name: string; version: string }[];
    versionsAfter: { name: string; version: string }[];
  }[];
}

async function readAt(work: OpenWork, rest: RestReader, block: FetchedBlock, facts: BlockFacts): Promise<BlockReads> {
  const height = block.height;
  const groups = await Promise.all(
    [...facts.groups].map(async (id) => {
      const info = await rest.group(id, height);
      return info ? { info, members: await rest.members(id, height) } : null;
    }),
  );
  const policies = (await Promise.all([...facts.policies].map((address) => rest.policy(address, height)))).filter(
    (policy): policy is NodePolicy => policy !== null,
  );
  // Proposals whose voting ended (decided at voting end, with no event) or whose policy changed
  // (aborted, with no event of their own) are read too.
  const due = work.due(block.time, facts.policies);
  const pruned = new Set(facts.pruned.map((fact) => fact.proposalId));
  const ids = new Set([
    ...facts.submitted.map((fact) => fact.proposalId),
    ...facts.executed.map((fact) => fact.proposalId),
    ...facts.withdrawn,
    ...due,
  ]);
  const proposals = new Map<string, NodeProposal | null>();
  await Promise.all(
    [...ids].map(async (id) => proposals.set(id, pruned.has(id) ? null : await rest.proposal(id, height))),
  );
  const scheduledPlan = facts.upgradeScheduled ? await rest.currentPlan(height) : null;
  const applied = [];
  for (const name of work.upgradesDue(height)) {
    if ((await rest.appliedHeight(name, height)) === 0n) continue;
    const versionsAfter = await rest.moduleVersions(height);
    const versionsBefore = await rest.moduleVersions(height - 1n).catch(() => []);
    applied.push({ name, versionsBefore, versionsAfter });
  }
  return {
    groups: groups.filter((group) => group !== null),
    policies,
    proposals,
    due: new Set(due),
    scheduledPlan,
    applied,
  };
}

/** Policies never move to another group, so within a batch their group is read once. */
const policyGroups = new WeakMap<SqlExecutor, Map<string, string>>();
async function groupOfPolicy(tx: SqlExecutor, address: string): Promise<string> {
  let known = policyGroups.get(tx);
  if (!known) policyGroups.set(tx, (known = new Map()));
  const cached = known.get(address);
  if (cached !== undefined) return cached;
  const rows = await tx.query<{ group_id: string }>(
    'SELECT group_id::text AS group_id FROM policies WHERE address = $1',
    [address],
  );
  if (rows[0]) known.set(address, rows[0].group_id);
  return rows[0]?.group_id ?? '0';
}

/** A proposal the node no longer has at this height (executed and pruned in its own tx): from the message. */
async function proposalFromMessage(
  tx: SqlExecutor,
  fact: SubmitFact,
  block: FetchedBlock,
  facts: BlockFacts,
): Promise<NodeProposal> {
  const message = fact.message;
  const policy = (
    await tx.query<{ decision_policy: string; version: string }>(
      'SELECT decision_policy, version::text AS version FROM policies WHERE address = $1',
      [message.groupPolicyAddress],
    )
  )[0];
  const windows = policy
    ? (JSON.parse(policy.decision_policy) as { windows?: { voting_period?: string } }).windows
    : undefined;
  const pruned = facts.pruned.find((entry) => entry.proposalId === fact.proposalId);
  const executed = facts.executed.find((entry) => entry.proposalId === fact.proposalId);
  return {
    id: fact.proposalId,
    group_policy_address: message.groupPolicyAddress,
    metadata: message.metadata,
    proposers: message.proposers,
    submit_time: block.time,
    group_version: '0',
    group_policy_version: policy?.version ?? '0',
    status: pruned?.status ?? 'PROPOSAL_STATUS_SUBMITTED',
    final_tally_result: JSON.parse(pruned?.tally ?? '{}') as NodeProposal['final_tally_result'],
    voting_period_end: addSeconds(block.time, durationSeconds(windows?.voting_period ?? '0s')),
    executor_result: executed?.result ?? 'PROPOSAL_EXECUTOR_RESULT_NOT_RUN',
    messages: message.messages.map((any) => ({
      '@type': any.typeUrl,
      value: Buffer.from(any.value).toString('base64'),
    })),
    title: message.title,
    summary: message.summary,
  };
}

async function writeBlock(tx: SqlExecutor, block: FetchedBlock, facts: BlockFacts, reads: BlockReads): Promise<void> {
  const { height, time } = block;
  for (const group of reads.groups) await writeGroup(tx, group.info, group.members, height, time, false);
  for (const policy of reads.policies) await writePolicy(tx, policy, height);
  for (const fact of facts.submitted) {
    const read = reads.proposals.get(fact.proposalId);
    const proposal = read ?? (await proposalFromMessage(tx, fact, block, facts));
    await writeProposal(tx, proposal, await groupOfPolicy(tx, proposal.group_policy_address), height, read !== null);
    await timeline(tx, fact.proposalId, height, time, 'submitted', 'PROPOSAL_STATUS_SUBMITTED');
  }
  await writeVotes(tx, facts.votes, height, time);
  for (const [id, proposal] of reads.proposals) {
    if (!proposal) continue;
    const before = await writeProposal(
      tx,
      proposal,
      await groupOfPolicy(tx, proposal.group_policy_address),
      height,
      true,
    );
    if (before === null || before === proposal.status) continue;
    if (reads.due.has(id) && FINAL.has(proposal.status) && new Date(proposal.voting_period_end) < new Date(time)) {
      await timeline(
        tx,
        id,
        height,
        time,
        'voting_ended',
        proposal.status,
        JSON.stringify(proposal.final_tally_result),
      );
    } else await timeline(tx, id, height, time, 'status', proposal.status);
    if (FINAL.has(proposal.status)) await settleVoteWeights(tx, id);
  }
  for (const fact of facts.executed) {
    await timeline(
      tx,
      fact.proposalId,
      height,
      time,
      'executed',
      null,
      JSON.stringify({ result: fact.result, logs: fact.logs }),
    );
  }
  for (const fact of facts.pruned) {
    const final = FINAL.has(fact.status);
    if (final) await settleVoteWeights(tx, fact.proposalId);
    await tx.query(
      `UPDATE proposals SET on_chain = false, pruned_height = $2::numeric, status = $3, last_height = $2::numeric,
         final_tally = CASE WHEN $4::boolean THEN $5 ELSE final_tally END,
         executor_result = CASE WHEN $4::boolean AND $6::boolean THEN 'PROPOSAL_EXECUTOR_RESULT_SUCCESS'
           ELSE executor_result END
       WHERE id = $1`,
      [
        fact.proposalId,
        String(height),
        fact.status,
        final,
        fact.tally,
        facts.executed.some((entry) => entry.proposalId === fact.proposalId && entry.result.endsWith('SUCCESS')),
      ],
    );
    await timeline(tx, fact.proposalId, height, time, 'pruned', fact.status, fact.tally);
  }
  if (reads.scheduledPlan) {
    const plan = reads.scheduledPlan;
    await tx.query(
      `INSERT INTO upgrades (name, height, info, scheduled_height) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET height = excluded.height, info = excluded.info, scheduled_height = excluded.scheduled_height`,
      [plan.name, plan.height, plan.info, String(height)],
    );
  }
  for (const upgrade of reads.applied) {
    await tx.query('UPDATE upgrades SET applied_height = $2::numeric, applied_time = $3 WHERE name = $1', [
      upgrade.name,
      String(height),
      time,
    ]);
    await writeModuleVersions(tx, upgrade.versionsBefore, height - 1n);
    await writeModuleVersions(tx, upgrade.versionsAfter, height);
  }
}

export async function writeModuleVersions(
  tx: SqlExecutor,
  versions: { name: string; version: string }[],
  height: bigint,
): Promise<void> {
  for (const entry of versions) {
    await tx.query('INSERT INTO module_versions (name, height, version) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      entry.name,
      String(height),
      entry.version,
    ]);
  }
}

/** Keeps the in-memory work list in step with what a block showed. */
function notice(work: OpenWork, facts: BlockFacts, reads: BlockReads): void {
  for (const proposal of reads.proposals.values()) if (proposal) work.saw(proposal);
  for (const fact of facts.pruned) work.gone(fact.proposalId);
  if (reads.scheduledPlan) work.scheduled(reads.scheduledPlan.name, BigInt(reads.scheduledPlan.height));
  for (const upgrade of reads.applied) work.applied(upgrade.name);
}

const isPruned = (error: unknown) => error instanceof Error && 'pruned' in error && error.pruned === true;

/**
 * Archives consecutive blocks: each is decoded and what it changed is read at its own height,
 * then all of them are written in one transaction with the cursor, so the archive holds whole
 * blocks only and resumes after the last one committed. A block whose state the node has pruned
 * becomes a gap. Returns how many blocks were archived (the rest are left for the next call).
 */
export async function applyBlocks(
  db: SqlDatabase,
  rest: RestReader,
  work: OpenWork,
  blocks: readonly FetchedBlock[],
): Promise<number> {
  const planned: { block: FetchedBlock; facts: BlockFacts; reads: BlockReads | null }[] = [];
  for (const block of blocks) {
    const facts = decodeBlock(block);
    try {
      const reads = await readAt(work, rest, block, facts);
      notice(work, facts, reads);
      planned.push({ block, facts, reads });
    } catch (error) {
      if (!isPruned(error)) {
        // What was read so far is still good: commit it, retry the rest later.
        if (planned.length === 0) throw error;
        break;
      }
      planned.push({ block, facts, reads: null });
    }
  }
  await db.transaction(async (tx) => {
    for (const { block, facts, reads } of planned) {
      if (reads) await writeBlock(tx, block, facts, reads);
      else await recordGap(tx, block.height, block.height, `state at height ${block.height} was pruned on the node`);
    }
    const last = planned[planned.length - 1].block;
    await setCursor(tx, last.height, last.hash, last.time);
  });
  return planned.length;
}
