import type { SqlDatabase, SqlExecutor } from '../db/sql-database.ts';
import type { NodeGroup, NodeMember, NodePolicy, NodeProposal, RestReader } from '../node/rest-reader.ts';
import type { FetchedBlock } from '../node/rpc-reader.ts';
import {
  loadProposalStates,
  recordGap,
  setCursor,
  settleVoteWeights,
  timeline,
  writeGroup,
  writePolicy,
  writeProposal,
  type ProposalState,
} from './archive-writer.ts';
import { addSeconds, durationSeconds } from './chain-time.ts';
import { decodeBlock, type BlockFacts, type SubmitFact } from './decode-block.ts';
import type { OpenWork } from './open-work.ts';
import { PendingRows } from './pending-rows.ts';

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

/** Reads of what a block's own transactions and events name: independent of other blocks. */
async function readFacts(rest: RestReader, block: FetchedBlock, facts: BlockFacts): Promise<BlockReads> {
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
  const pruned = new Set(facts.pruned.map((fact) => fact.proposalId));
  const ids = new Set([
    ...facts.submitted.map((fact) => fact.proposalId),
    ...facts.executed.map((fact) => fact.proposalId),
    ...facts.withdrawn,
  ]);
  const proposals = new Map<string, NodeProposal | null>();
  await Promise.all(
    [...ids].map(async (id) => proposals.set(id, pruned.has(id) ? null : await rest.proposal(id, height))),
  );
  const scheduledPlan = facts.upgradeScheduled ? await rest.currentPlan(height) : null;
  return {
    groups: groups.filter((group) => group !== null),
    policies,
    proposals,
    due: new Set(),
    scheduledPlan,
    applied: [],
  };
}

/**
 * Reads of what no event announces, which depend on the blocks before (the open proposals the
 * archive knows): proposals whose voting ended (decided at voting end) or whose policy changed
 * (aborted), and scheduled upgrades whose height came.
 */
async function readDue(
  work: OpenWork,
  rest: RestReader,
  block: FetchedBlock,
  facts: BlockFacts,
  reads: BlockReads,
  forecast: ForecastReads,
) {
  const height = block.height;
  const pruned = new Set(facts.pruned.map((fact) => fact.proposalId));
  const due = work.due(block.time, facts.policies);
  const read = (id: string) => forecast.get(`${id}@${height}`) ?? rest.proposal(id, height);
  await Promise.all(
    due
      .filter((id) => !reads.proposals.has(id))
      .map(async (id) => reads.proposals.set(id, pruned.has(id) ? null : await read(id))),
  );
  for (const id of due) reads.due.add(id);
  for (const name of work.upgradesDue(height)) {
    if ((await rest.appliedHeight(name, height)) === 0n) continue;
    const versionsAfter = await rest.moduleVersions(height);
    const versionsBefore = await rest.moduleVersions(height - 1n).catch(() => []);
    reads.applied.push({ name, versionsBefore, versionsAfter });
  }
}

/** Policies never move to another group, so each policy's group is read once while following. */
async function groupOfPolicy(tx: SqlExecutor, work: OpenWork, address: string): Promise<string> {
  const cached = work.policyGroup(address);
  if (cached !== undefined) return cached;
  const rows = await tx.query<{ group_id: string }>(
    'SELECT group_id::text AS group_id FROM policies WHERE address = $1',
    [address],
  );
  if (rows[0]) work.rememberPolicyGroup(address, rows[0].group_id);
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

/**
 * What the writes of one batch share: rows gathered for the end, the proposals' stored state,
 * and the proposals whose votes get their tally-time weights — settled together, but always
 * before the batch writes a membership change, so each sees the members of its own height.
 */
interface BatchWrites {
  readonly work: OpenWork;
  readonly pending: PendingRows;
  readonly proposals: Map<string, ProposalState | null>;
  readonly settle: Set<string>;
}

async function settlePending(tx: SqlExecutor, batch: BatchWrites): Promise<void> {
  if (batch.settle.size === 0) return;
  await batch.pending.flushProposals(tx);
  await settleVoteWeights(tx, [...batch.settle]);
  batch.settle.clear();
}

async function writeBlock(
  tx: SqlExecutor,
  batch: BatchWrites,
  block: FetchedBlock,
  facts: BlockFacts,
  reads: BlockReads,
): Promise<void> {
  const { height, time } = block;
  const { pending, proposals, work } = batch;
  if (reads.groups.length > 0) await settlePending(tx, batch);
  for (const group of reads.groups) await writeGroup(tx, pending, group.info, group.members, height, time, false);
  for (const policy of reads.policies) await writePolicy(tx, policy, height);
  const submitted = new Set<string>();
  for (const fact of facts.submitted) {
    const read = reads.proposals.get(fact.proposalId);
    const proposal = read ?? (await proposalFromMessage(tx, fact, block, facts));
    const group = await groupOfPolicy(tx, work, proposal.group_policy_address);
    writeProposal(pending, proposals, proposal, group, height, read !== null);
    timeline(pending, fact.proposalId, height, time, 'submitted', 'PROPOSAL_STATUS_SUBMITTED');
    submitted.add(fact.proposalId);
  }
  for (const [id, proposal] of reads.proposals) {
    if (!proposal || submitted.has(id)) continue;
    const group = await groupOfPolicy(tx, work, proposal.group_policy_address);
    const before = writeProposal(pending, proposals, proposal, group, height, true);
    if (before === null || before === proposal.status) continue;
    if (reads.due.has(id) && FINAL.has(proposal.status) && new Date(proposal.voting_period_end) < new Date(time)) {
      timeline(pending, id, height, time, 'voting_ended', proposal.status, JSON.stringify(proposal.final_tally_result));
    } else timeline(pending, id, height, time, 'status', proposal.status);
    if (FINAL.has(proposal.status)) batch.settle.add(id);
  }
  for (const fact of facts.executed) {
    const detail = JSON.stringify({ result: fact.result, logs: fact.logs });
    timeline(pending, fact.proposalId, height, time, 'executed', null, detail);
  }
  for (const fact of facts.pruned) {
    const final = FINAL.has(fact.status);
    // Weights are settled once, when the archive first sees the proposal tallied: a proposal it
    // saw decided earlier keeps the weights of that height, whatever the group did since.
    const stored = proposals.get(fact.proposalId) ?? null;
    if (final && (submitted.has(fact.proposalId) || !FINAL.has(stored?.status ?? '')))
      batch.settle.add(fact.proposalId);
    const executed = facts.executed.some(
      (entry) => entry.proposalId === fact.proposalId && entry.result.endsWith('SUCCESS'),
    );
    const prune = {
      height,
      status: fact.status,
      finalTally: final ? fact.tally : undefined,
      succeeded: final && executed,
    };
    if (!pending.pruneProposal(fact.proposalId, prune))
      await tx.query(
        `UPDATE proposals SET on_chain = false, pruned_height = $2::numeric, status = $3, last_height = $2::numeric,
         final_tally = CASE WHEN $4::boolean THEN $5 ELSE final_tally END,
         executor_result = CASE WHEN $4::boolean AND $6::boolean THEN 'PROPOSAL_EXECUTOR_RESULT_SUCCESS'
           ELSE executor_result END
       WHERE id = $1`,
        [fact.proposalId, String(height), fact.status, final, fact.tally, executed],
      );
    if (stored) {
      proposals.set(fact.proposalId, {
        status: fact.status,
        onChain: false,
        finalTally: final ? fact.tally : stored.finalTally,
        executorResult: final && executed ? 'PROPOSAL_EXECUTOR_RESULT_SUCCESS' : stored.executorResult,
      });
    }
    timeline(pending, fact.proposalId, height, time, 'pruned', fact.status, fact.tally);
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
    for (const entry of upgrade.versionsBefore) pending.moduleVersion(entry.name, height - 1n, entry.version);
    for (const entry of upgrade.versionsAfter) pending.moduleVersion(entry.name, height, entry.version);
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

/** A fetched block, decoded, with the reads of what it names already under way. */
export interface PreparedBlock {
  block: FetchedBlock;
  facts: BlockFacts;
  reads: Promise<{ value: BlockReads; error: null } | { value: null; error: unknown }>;
}

/**
 * Decodes blocks and starts their own reads at once (the batch bounds them). They depend on
 * nothing archived, so the follower prepares the next batch while the current one is written.
 */
export function prepareBlocks(rest: RestReader, blocks: readonly FetchedBlock[]): PreparedBlock[] {
  return blocks.map((block) => {
    const facts = decodeBlock(block);
    const reads = readFacts(rest, block, facts).then(
      (value) => ({ value, error: null }),
      (error: unknown) => ({ value: null, error }),
    );
    return { block, facts, reads };
  });
}

/** Reads of proposals at the height they come due, started ahead: keyed `id@height`. */
export type ForecastReads = ReadonlyMap<string, Promise<NodeProposal | null>>;

/**
 * Starts, all at once, the reads of the proposals the work list expects to come due within these
 * blocks. A read at a height is that height's answer whatever happens after, so a forecast that
 * turns out wrong costs a read, never a wrong record.
 */
export function forecastReads(rest: RestReader, work: OpenWork, decoded: readonly PreparedBlock[]): ForecastReads {
  const forecast = new Map<string, Promise<NodeProposal | null>>();
  for (const [id, height] of work.forecast(
    decoded.map(({ block, facts }) => ({ ...block, policies: facts.policies })),
  )) {
    const read = rest.proposal(id, height);
    read.catch(() => undefined);
    forecast.set(`${id}@${height}`, read);
  }
  return forecast;
}

/** Consecutive blocks with everything they need read; `reads` is null for a block the node pruned. */
export type PlannedBlocks = { block: FetchedBlock; facts: BlockFacts; reads: BlockReads | null }[];

/**
 * Finishes the reads of consecutive blocks, in order (what comes due depends on the blocks
 * before), and brings the work list up to the last of them. A block whose state the node has
 * pruned is kept for a gap; a failed read ends the run there (what was read is still good) and
 * is thrown only when no block was read.
 */
export async function readBlocks(
  rest: RestReader,
  work: OpenWork,
  decoded: readonly PreparedBlock[],
  forecast: ForecastReads,
): Promise<PlannedBlocks> {
  const planned: PlannedBlocks = [];
  for (const { block, facts, reads } of decoded) {
    try {
      const read = await reads;
      if (!read.value) throw read.error;
      await readDue(work, rest, block, facts, read.value, forecast);
      notice(work, facts, read.value);
      planned.push({ block, facts, reads: read.value });
    } catch (error) {
      if (!isPruned(error)) {
        if (planned.length === 0) throw error;
        break;
      }
      planned.push({ block, facts, reads: null });
    }
  }
  return planned;
}

/**
 * Writes read blocks in one transaction with the cursor, so the archive holds whole blocks only
 * and resumes after the last one committed. A block whose state the node pruned becomes a gap.
 */
export async function writeBlocks(db: SqlDatabase, work: OpenWork, planned: PlannedBlocks): Promise<void> {
  const touched = new Set<string>();
  for (const { facts, reads } of planned) {
    for (const fact of facts.submitted) touched.add(fact.proposalId);
    for (const fact of facts.pruned) touched.add(fact.proposalId);
    for (const id of reads?.proposals.keys() ?? []) touched.add(id);
  }
  await db.transaction(async (tx) => {
    const batch: BatchWrites = {
      work,
      pending: new PendingRows(),
      proposals: await loadProposalStates(tx, [...touched]),
      settle: new Set(),
    };
    for (const { block, facts } of planned)
      for (const vote of facts.votes) batch.pending.vote(vote, block.height, block.time);
    await batch.pending.flushVotes(tx);
    for (const { block, facts, reads } of planned) {
      if (reads) await writeBlock(tx, batch, block, facts, reads);
      else await recordGap(tx, block.height, block.height, `state at height ${block.height} was pruned on the node`);
    }
    await settlePending(tx, batch);
    await batch.pending.flush(tx);
    const last = planned[planned.length - 1].block;
    await setCursor(tx, last.height, last.hash, last.time);
  });
}
