import type { NodeGroup, NodeMember, NodePolicy, NodeProposal } from '../../node-records.ts';
import { UntrustedAnswerError } from '../../source/block-check.ts';
import type { RestReader } from '../../source/rest-reader.ts';
import type { FetchedBlock } from '../../source/rpc-reader.ts';
import type { Plan } from '../../store/upgrades/upgrade-tables.ts';
import type { PlanSource } from '../../vocabulary.ts';
import type { BlockFacts } from './decode-block.ts';

// What the follower reads of the node at a block's height because the block's own transactions
// and events name it: groups, policies and proposals they touch, and the upgrade plan where
// something in the block may have changed it. What no event announces is read in due-reads.ts.

export interface BlockReads {
  groups: { info: NodeGroup; members: NodeMember[] }[];
  policies: NodePolicy[];
  /** Proposals read at this height; null for one the block pruned. */
  proposals: Map<string, NodeProposal | null>;
  /** Proposals read because they came due (voting ended, policy changed). */
  due: Set<string>;
  /**
   * The plan read at this height because something in the block may have changed it; what that
   * did is decided against the plans the archive knows (see due-reads' notice).
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
