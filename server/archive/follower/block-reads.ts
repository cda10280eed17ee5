import { UntrustedAnswerError } from '../source/block-check.ts';
import type { NodeGroup, NodeMember, NodePolicy, NodeProposal, RestReader } from '../source/rest-reader.ts';
import type { FetchedBlock } from '../source/rpc-reader.ts';
import type { Plan } from '../store/upgrade-store.ts';
import type { PlanSource } from '../vocabulary.ts';
import type { BlockFacts } from './decode-block.ts';
import type { OpenWork } from './open-work.ts';

// What the follower reads of the node at a block's height: the records the block's own
// transactions and events name, then what no event announces (proposals whose voting ended or
// whose policy changed, upgrades whose height came).

export interface BlockReads {
  groups: { info: NodeGroup; members: NodeMember[] }[];
  policies: NodePolicy[];
  /** Proposals read at this height; null for one the block pruned. */
  proposals: Map<string, NodeProposal | null>;
  /** Proposals read because they came due (voting ended, policy changed). */
  due: Set<string>;
  /**
   * The plan read at this height because something in the block may have changed it; what that
   * did is decided against the plans the archive knows (see batch-plan's notice).
   */
  plan: PlanReading | null;
  applied: {
    name: string;
    /** The height the node says it was applied at: this block's, unless it fell in a gap before. */
    height: bigint;
    versionsBefore: { name: string; version: string }[];
    versionsAfter: { name: string; version: string }[];
  }[];
}

export interface PlanReading {
  source: PlanSource;
  current: Plan | null;
  /** A plan new to the archive (or changed): scheduled by `source`. */
  scheduled: Plan | null;
  /** Plans the archive held as scheduled that `source` cancelled or replaced. */
  cancelled: string[];
}

/** Reads of proposals at the height they come due, started ahead: keyed `id@height`. */
export type ForecastReads = ReadonlyMap<string, Promise<NodeProposal | null>>;

/** Reads of what a block's own transactions and events name: independent of other blocks. */
export async function readNamed(rest: RestReader, block: FetchedBlock, facts: BlockFacts): Promise<BlockReads> {
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
  const touched = async (id: string) => {
    const proposal = await rest.proposal(id, height);
    // The block's own events name it and do not prune it: "not found" is a false answer.
    if (!proposal)
      throw new UntrustedAnswerError(
        `the node says proposal ${id} is not found at height ${height}, where its block acts on it`,
      );
    return proposal;
  };
  await Promise.all([...ids].map(async (id) => proposals.set(id, pruned.has(id) ? null : await touched(id))));
  const [source] = await planSources(rest, facts, height);
  const plan = source ? { source, current: await rest.currentPlan(height), scheduled: null, cancelled: [] } : null;
  return {
    groups: groups.filter((group) => group !== null),
    policies,
    proposals,
    due: new Set(),
    plan,
    applied: [],
  };
}

const UPGRADE_MESSAGE = '/cosmos.upgrade.v1beta1.';

/**
 * What in this block may have changed the plan, the likeliest first: a transaction of the
 * authority; a group proposal executed whose messages carry an upgrade message (an execution of
 * anything else cannot touch the plan, so it is not counted); an x/gov proposal passed, the last
 * one first (the end-blocker runs them in order, so the last one's plan stands).
 */
async function planSources(rest: RestReader, facts: BlockFacts, height: bigint): Promise<PlanSource[]> {
  const of = (kind: string) => facts.planSources.filter((source) => source.startsWith(`${kind}:`));
  const carriesUpgrade = async (source: PlanSource) => {
    const id = source.slice('group:'.length);
    const submitted = facts.submitted.find((fact) => fact.proposalId === id);
    if (submitted) return submitted.message.messages.some((any) => any.typeUrl.startsWith(UPGRADE_MESSAGE));
    // Executed proposals are pruned at once: their messages are read in the block before.
    const proposal = await rest.proposal(id, height - 1n).catch(() => null);
    return (proposal?.messages ?? []).some((message) =>
      String((message as { '@type'?: unknown })['@type'] ?? '').startsWith(UPGRADE_MESSAGE),
    );
  };
  const groups = of('group');
  const upgrading = (await Promise.all(groups.map(carriesUpgrade))).map((carries, index) =>
    carries ? groups[index] : null,
  );
  return [...of('tx'), ...upgrading.filter((source) => source !== null), ...of('gov').reverse()];
}

/**
 * Reads of what no event announces, which depend on the blocks before (the open proposals the
 * archive knows): proposals whose voting ended (decided at voting end) or whose policy changed
 * (aborted), and scheduled upgrades whose height came.
 */
export async function readDue(
  work: OpenWork,
  rest: RestReader,
  block: FetchedBlock,
  facts: BlockFacts,
  reads: BlockReads,
  forecast: ForecastReads,
): Promise<void> {
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
  const applied = await Promise.all(work.upgradesDue(height).map((plan) => readApplied(rest, plan, height)));
  for (const upgrade of applied) if (upgrade) reads.applied.push(upgrade);
}

/**
 * Where a due plan was applied, with the module versions either side. A plan is applied at its own
 * height, so the versions there are asked for beside the applied height, not after it: one round
 * trip instead of three for each upgrade (read again at the height the node names, if another).
 */
async function readApplied(rest: RestReader, plan: Plan, height: bigint) {
  const { name } = plan;
  // The versions before are kept only where the node still has that state (a pruned node may not).
  const versionsAt = (at: bigint) => {
    const read = Promise.all([rest.moduleVersions(at), rest.moduleVersions(at - 1n).catch(() => [])]);
    read.catch(() => undefined);
    return read;
  };
  // Guessed only at the plan's own height: a plan past due and not applied is asked about at
  // every block read until it is, and the guess would be two reads wasted each time.
  const guess = BigInt(plan.height) === height ? height : null;
  const guessed = guess === null ? null : versionsAt(guess);
  const appliedAt = await rest.appliedHeight(name, height);
  if (appliedAt === 0n) return null;
  const [versionsAfter, versionsBefore] = await (appliedAt === guess && guessed ? guessed : versionsAt(appliedAt));
  return { name, height: appliedAt, versionsBefore, versionsAfter };
}
