import type { SqlDatabase } from '../db/sql-database.ts';
import type { NodeProposal } from '../node/rest-reader.ts';

/**
 * What the follower must look at without an event telling it: open proposals (decided at their
 * voting end, or aborted when their policy changes) and scheduled upgrades (applied at their
 * height). Kept in memory, loaded from the archive at start and updated as blocks are read, so a
 * block costs no query to find them.
 */
export class OpenWork {
  private readonly open = new Map<string, { endsAt: number; policy: string }>();
  private readonly upgrades = new Map<string, bigint>();
  /** Policies never move to another group: each one's group, once read. */
  private readonly policyGroups = new Map<string, string>();

  static async load(db: SqlDatabase): Promise<OpenWork> {
    const work = new OpenWork();
    const proposals = await db.query<{ id: string; voting_period_end: string; policy_address: string }>(
      `SELECT id::text AS id, voting_period_end, policy_address FROM proposals WHERE status = 'PROPOSAL_STATUS_SUBMITTED'`,
    );
    for (const row of proposals)
      work.open.set(row.id, { endsAt: Date.parse(row.voting_period_end), policy: row.policy_address });
    const plans = await db.query<{ name: string; height: string }>(
      'SELECT name, height::text AS height FROM upgrades WHERE applied_height IS NULL',
    );
    for (const plan of plans) work.upgrades.set(plan.name, BigInt(plan.height));
    return work;
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

  /** Records what a block showed of a proposal. */
  saw(proposal: NodeProposal): void {
    if (proposal.status === 'PROPOSAL_STATUS_SUBMITTED') {
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

  upgradesDue(height: bigint): string[] {
    return [...this.upgrades].filter(([, planned]) => planned <= height).map(([name]) => name);
  }

  scheduled(name: string, height: bigint): void {
    this.upgrades.set(name, height);
  }

  applied(name: string): void {
    this.upgrades.delete(name);
  }
}
