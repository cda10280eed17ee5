import type { ActivityIndex } from '../source/activity-index.ts';
import type { RestReader } from '../source/rest-reader.ts';
import type { RpcReader } from '../source/rpc-reader.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import { prepareBlocks, readBlocks, type PlannedBlocks, type PreparedBlock } from './batch-plan.ts';
import { BlockClock } from './block-clock.ts';
import { breakInChain, ChainBreakError } from './chain-guard.ts';
import type { OpenWork } from './open-work.ts';
import { writeBlocks } from './write-facts.ts';

// A stretch of history read in time that grows with its activity, not its length: the blocks
// the node's index names (x/group, x/upgrade, x/gov transactions; the end-blocker's prunes and
// gov decisions), plus the heights no event announces but the archive can compute — the first
// block after an open proposal's voting end, a scheduled plan's height — and the stretch's last
// block, where following block by block resumes. Nothing happens to x/group or x/upgrade state
// in any other block, so the archive ends up equal to one that read them all.

export interface SparseParts {
  store: ArchiveStore;
  rpc: RpcReader;
  rest: RestReader;
  index: ActivityIndex;
  work: OpenWork;
  /** Blocks read ahead, and blocks per write. */
  batch: number;
}

/** The next height that must be read after `last`: named by the index, or computed. */
class NextHeights {
  private position = 0;
  /** Each open proposal's first block after its voting end, once found (null: not in this stretch). */
  private readonly due = new Map<string, bigint | null>();

  constructor(
    private readonly named: readonly bigint[],
    private readonly clock: BlockClock,
    private readonly to: bigint,
    private readonly endOfStretch: number,
  ) {}

  upcoming(count: number): readonly bigint[] {
    return this.named.slice(this.position, this.position + count);
  }

  async after(last: bigint, work: OpenWork): Promise<bigint | null> {
    while (this.position < this.named.length && this.named[this.position] <= last) this.position++;
    let next: bigint | null = this.position < this.named.length ? this.named[this.position] : null;
    const earlier = (height: bigint | null) => height !== null && height > last && (next === null || height < next);
    for (const { id, endsAt } of work.openProposals()) {
      if (endsAt >= this.endOfStretch) continue;
      let due = this.due.get(id);
      // Still open after its due block (decided a block later at worst): look again from here.
      if (due === undefined || (due !== null && due <= last)) {
        due = await this.clock.firstAfter(endsAt, last + 1n, this.to);
        this.due.set(id, due);
      }
      if (earlier(due)) next = due;
    }
    for (const plan of work.pendingPlans()) {
      const height = BigInt(plan.height);
      if (height <= this.to && earlier(height)) next = height;
    }
    return next;
  }
}

export type StretchResult = 'read' | 'no index';

/**
 * Reads and writes the blocks of [from, to] that matter, committing every `batch` of them; calls
 * `committed` with the last height written each time. The stretch's first block is always read,
 * and must follow the archived block (`previousHash`), as when following block by block. 'no index' when the node keeps none (then every
 * block must be read instead), having written nothing.
 */
export async function backfillSparsely(
  parts: SparseParts,
  range: { from: bigint; to: bigint; previousHash: string },
  committed: (height: bigint, hash: string) => void,
): Promise<StretchResult> {
  const { from, to } = range;
  const named = await parts.index.heights(from, to);
  if (named === null) return 'no index';
  const { store, rpc, rest, work, batch } = parts;
  const clock = new BlockClock(rpc, to);
  const always = new Set([from, ...named.filter((height) => height < to), to]);
  const heights = new NextHeights(
    [...always].sort((a, b) => (a < b ? -1 : 1)),
    clock,
    to,
    await clock.timeOf(to),
  );
  const ahead = new Map<bigint, Promise<PreparedBlock>>();
  const prepare = (height: bigint) => rpc.block(height).then((block) => prepareBlocks(rest, [block])[0]);
  let pending: PlannedBlocks = [];
  let last = from - 1n;
  for (let next = await heights.after(last, work); next !== null; next = await heights.after(last, work)) {
    for (const height of heights.upcoming(batch)) {
      if (ahead.has(height)) continue;
      const read = prepare(height);
      read.catch(() => undefined);
      ahead.set(height, read);
    }
    const prepared = await (ahead.get(next) ?? prepare(next));
    ahead.delete(next);
    if (next === from) {
      const broken = breakInChain(range.previousHash, [prepared.block]);
      if (broken) throw new ChainBreakError(broken);
    }
    pending.push(...(await readBlocks(rest, work, [prepared], new Map())));
    last = next;
    if (pending.length >= batch || next === to) {
      await writeBlocks(store, work, pending);
      const end = pending[pending.length - 1].block;
      committed(end.height, end.hash);
      pending = [];
    }
  }
  return 'read';
}
