import type { NodeProposal } from '../../node-records.ts';
import type { StoreReader } from '../../store/archive-store.ts';
import { readOpenProposals } from '../../store/proposals/proposal-reads.ts';
import { readGroupModule, readPendingPlans } from '../../store/upgrades/upgrade-reads.ts';
import type { Plan } from '../../store/upgrades/upgrade-tables.ts';
import { OPEN_STATUS } from '../../vocabulary.ts';

/**
 * What the follower must look at without an event telling it: open proposals (decided at their
 * voting end, or aborted when their policy changes) and scheduled upgrades (applied at their
 * height). Kept in memory, loaded from the archive at start and updated as blocks are read, so a
 * block costs no query to find them.
 */
export class OpenWork {
  private readonly open = new Map<string, { endsAt: number; policy: string }>();
  private readonly upgrades = new Map<string, Plan>();
  /** Policies never move to another group: each one's group, once read. */
  private readonly policyGroups = new Map<string, string>();
  /**
   * The height from which the chain has no x/group (an upgrade removed it; 0 for a chain that had
   * none when the archive began): nothing of it comes due, and its state is not asked for.
   */
  groupGoneFrom: bigint | null = null;

  static async load(db: StoreReader): Promise<OpenWork> {
    const work = new OpenWork();
    for (const proposal of await readOpenProposals(db))
      work.open.set(proposal.id, { endsAt: Date.parse(proposal.votingPeriodEnd), policy: proposal.policyAddress });
    for (const plan of await readPendingPlans(db)) work.upgrades.set(plan.name, plan);
    const group = await readGroupModule(db);
    if (group && !group.present) work.groupLeft(BigInt(group.leftAtHeight ?? '0'));
    return work;
  }

  /** x/group is gone from `height` on: its open proposals will never be decided, nor read again. */
  groupLeft(height: bigint): void {
    this.groupGoneFrom = height;
    this.open.clear();
  }

  /** Open proposals whose voting ended before `time`, or whose policy changed. */
  due(time: string, changedPolicies: ReadonlySet<string>): string[] {
    const now = Date.parse(time);
    const ids: string[] = [];
    // Times are compared in milliseconds: a proposal ending in the same millisecond as the block
    // is re-read a block later at worst, never missed.
    for (const [id, entry] of this.open) if (entry.endsAt < now || changedPolicies.has(entry.policy)) ids.push(id);
    return ids;
  }

  /**
   * Which open proposals each of the coming blocks will find due, assuming each is decided the
   * first time it is due: so their reads can all start at once. A proposal still open after its
   * read (or submitted within these blocks) is simply read again in order, as before.
   */
  forecast(blocks: readonly { height: bigint; time: string; policies: ReadonlySet<string> }[]): [string, bigint][] {
    const waiting = new Map(this.open);
    const reads: [string, bigint][] = [];
    for (const block of blocks) {
      const now = Date.parse(block.time);
      for (const [id, entry] of waiting) {
        if (entry.endsAt >= now && !block.policies.has(entry.policy)) continue;
        reads.push([id, block.height]);
        waiting.delete(id);
      }
    }
    return reads;
  }

  /** Open proposals and when their voting ends (milliseconds). */
  openProposals(): { id: string; endsAt: number }[] {
    return [...this.open].map(([id, entry]) => ({ id, endsAt: entry.endsAt }));
  }

  /** Records what a block showed of a proposal. */
  saw(proposal: NodeProposal): void {
    if (proposal.status === OPEN_STATUS) {
      this.open.set(proposal.id, {
        endsAt: Date.parse(proposal.voting_period_end),
        policy: proposal.group_policy_address,
      });
    } else this.open.delete(proposal.id);
  }

  gone(id: string): void {
    this.open.delete(id);
  }

  policyGroup(address: string): string | undefined {
    return this.policyGroups.get(address);
  }

  rememberPolicyGroup(address: string, groupId: string): void {
    this.policyGroups.set(address, groupId);
  }

  upgradesDue(height: bigint): Plan[] {
    return [...this.upgrades.values()].filter((plan) => BigInt(plan.height) <= height);
  }

  /** Plans scheduled and neither applied nor cancelled. */
  pendingPlans(): Plan[] {
    return [...this.upgrades.values()];
  }

  scheduled(plan: Plan): void {
    this.upgrades.set(plan.name, plan);
  }

  /** A plan applied, or cancelled: no longer watched. */
  applied(name: string): void {
    this.upgrades.delete(name);
  }
}
