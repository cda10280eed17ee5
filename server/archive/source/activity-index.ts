import { isRefusal, type RpcReader } from './rpc-reader.ts';

// The heights where x/group, x/upgrade or x/gov did something, from the node's own index: the
// transactions of those modules (tx_search) and the end-blocker's events (block_search). With
// them a backfill reads the blocks that matter, not every block.

/** What the node's kv indexer is asked, per height range. */
function queries(from: bigint, to: bigint): { kind: 'tx' | 'block'; query: string }[] {
  const range = (key: string) => `${key}>=${from} AND ${key}<=${to}`;
  // authz: a grantee's MsgExec can carry the other modules' messages.
  const txs = ['group', 'upgrade', 'gov', 'authz'].map((module) => ({
    kind: 'tx' as const,
    query: `${range('tx.height')} AND message.module='${module}'`,
  }));
  const blocks = ['cosmos.group.v1.EventProposalPruned.proposal_id', 'active_proposal.proposal_id'].map((key) => ({
    kind: 'block' as const,
    query: `${range('block.height')} AND ${key} EXISTS`,
  }));
  return [...txs, ...blocks];
}

export class ActivityIndex {
  /** Null until asked; false once the node turned out to keep no usable index. */
  private usable: boolean | null = null;
  /** Why the index cannot be used, for the status. */
  reason: string | null = null;

  constructor(private readonly rpc: RpcReader) {}

  /**
   * Every height in [from, to] with activity, ascending; null when the node cannot say (its
   * indexer is off, or it lacks block_search): then every block must be read.
   */
  async heights(from: bigint, to: bigint): Promise<bigint[] | null> {
    if (this.usable === false) return null;
    try {
      const found = await Promise.all(queries(from, to).map(({ kind, query }) => this.rpc.searchHeights(kind, query)));
      this.usable = true;
      const unique = [...new Set(found.flat())].filter((height) => height >= from && height <= to);
      return unique.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    } catch (error) {
      // A node that answered a search before, or one that just fails (a timeout), is failing,
      // not index-less: the follower retries. Only a refusal says there is no usable index.
      if (this.usable === true || !isRefusal(error)) throw error;
      this.usable = false;
      this.reason = error instanceof Error ? error.message : String(error);
      return null;
    }
  }
}
