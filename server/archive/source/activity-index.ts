import { isRefusal, type FetchedBlock, type RpcReader } from './rpc-reader.ts';

// The heights where x/group, x/upgrade or x/gov did something, from the node's own index: the
// transactions of those modules (tx_search) and the end-blocker's events (block_search). With
// them a backfill reads the blocks that matter, not every block.

// authz: a grantee's MsgExec can carry the other modules' messages. x/gov's transactions (deposits,
// votes, submissions) change nothing the archive keeps: a gov proposal acts only when the
// end-blocker passes it, which block_search finds (`active_proposal`).
const MODULES = ['group', 'upgrade', 'authz'];
const END_BLOCK_EVENTS = [
  ['cosmos.group.v1.EventProposalPruned', 'proposal_id'],
  ['active_proposal', 'proposal_id'],
] as const;

/** What the node's kv indexer is asked, per height range. */
function queries(from: bigint, to: bigint): { kind: 'tx' | 'block'; query: string }[] {
  const range = (key: string) => `${key}>=${from} AND ${key}<=${to}`;
  const txs = MODULES.map((module) => ({
    kind: 'tx' as const,
    query: `${range('tx.height')} AND message.module='${module}'`,
  }));
  const blocks = END_BLOCK_EVENTS.map(([type, key]) => ({
    kind: 'block' as const,
    query: `${range('block.height')} AND ${type}.${key} EXISTS`,
  }));
  return [...txs, ...blocks];
}

/**
 * What in a block the index is asked about, in words (null when nothing): a block the index did
 * not name that holds any of it proves the index incomplete, by the block's own events.
 */
export function indexedActivity(block: FetchedBlock): string | null {
  for (const [index, result] of block.results.entries()) {
    for (const event of result.events) {
      const module = event.type === 'message' && event.attributes.find((entry) => entry.key === 'module')?.value;
      if (module && MODULES.includes(module)) return `transaction ${index} carries a message of x/${module}`;
    }
  }
  for (const event of block.finalizeEvents) {
    for (const [type, key] of END_BLOCK_EVENTS) {
      if (event.type === type && event.attributes.some((entry) => entry.key === key))
        return `the end-blocker emits ${type}`;
    }
  }
  return null;
}

export class ActivityIndex {
  /** Null until asked; false once the node turned out to keep no usable index. */
  private usable: boolean | null = null;
  /** Why the index cannot be used, for the status. */
  reason: string | null = null;

  /** The index named less than the blocks hold: from now on, every block is read. */
  distrust(reason: string): void {
    this.usable = false;
    this.reason = reason;
  }

  /**
   * @param sample Heights the index did not name read in full per stretch, to catch an index that
   *   leaves heights out (see index-check.ts); 0 reads none (a test of what gets past it).
   */
  constructor(
    private readonly rpc: RpcReader,
    readonly sample = 24,
  ) {}

  /**
   * Every height in [from, to] with activity, ascending; null when the node cannot say (its
   * indexer is off, or it lacks block_search): then every block must be read.
   */
  async heights(from: bigint, to: bigint): Promise<bigint[] | null> {
    if (this.usable === false) return null;
    try {
      const found = await Promise.all(
        queries(from, to).map(({ kind, query }) => this.rpc.searchHeights(kind, query, { from, to })),
      );
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
