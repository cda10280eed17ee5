import type { RestReader } from '../../source/rest-reader.ts';
import type { RpcReader } from '../../source/rpc-reader.ts';
import type { StoreReader } from '../../store/archive-store.ts';
import { gapHeightsWithin, readReach, type ArchiveReach } from '../../store/cursor/history-swap.ts';
import { findStart } from '../begin/start-point.ts';
import type { ArchiveFrom } from '../lane/follower-state.ts';

/** An archive gap left by reading through an index that turned out to leave heights out. */
const LYING_INDEX_GAP = /read through the node's index/;

export interface FillPlan {
  from: ArchiveFrom;
  /** The archive holds a gap an index that left heights out caused: the fill must not use that index. */
  distrustIndex: string | undefined;
  /** The first height the fill covers. */
  covers: bigint;
  /** Gap heights of the archive the fill would fill. */
  missing: bigint;
}

/**
 * What this node can fill of the archive's gaps; or, when nothing, why (null: nothing to say —
 * no gaps, or only the heights before where the archive began).
 */
export async function planFill(
  db: StoreReader,
  node: { rpc: RpcReader; rest: RestReader; from: ArchiveFrom | undefined },
): Promise<{ plan: FillPlan } | { problem: string | null }> {
  const reach = await readReach(db);
  if (!reach.cursor || reach.start === null || reach.gaps.length === 0) return { problem: null };
  const status = await node.rpc.status();
  // `latest` began the archive at once; the history before it fills in behind, as for `earliest`.
  const from: ArchiveFrom = node.from === undefined || node.from === 'latest' ? 'earliest' : node.from;
  let begins: bigint;
  let covers: bigint;
  if (from === 'genesis') {
    begins = status.earliestHeight - 1n;
    covers = status.earliestHeight;
  } else {
    const start = await findStart(from, status, node.rest);
    if (start.kind !== 'state') return { problem: null };
    begins = start.height;
    covers = start.height;
  }
  const missing = gapHeightsWithin(reach.gaps, covers, reach.cursor.height);
  if (missing === 0n) return { problem: unfillable(reach, covers) };
  // Rebuilding from a later state than the archive's own would lose what only the archive holds.
  if (begins > reach.start) return { problem: unfillable(reach, covers) };
  const lied = reach.gaps.find((gap) => LYING_INDEX_GAP.test(gap.reason));
  return { plan: { from, covers, missing, distrustIndex: lied?.reason } };
}

/**
 * Holes inside the archive's own range (outages, states pruned under it) that this node cannot
 * fill are a problem worth saying; the heights before where the archive began are only its start.
 */
function unfillable(reach: ArchiveReach, covers: bigint): string | null {
  const start = reach.start ?? 0n;
  const holes = reach.gaps.filter((gap) => BigInt(gap.from_height) > start && BigInt(gap.from_height) < covers);
  const first = holes[0];
  return first
    ? `heights ${first.from_height}-${holes[holes.length - 1].to_height} (in gaps) cannot be filled from this node: it keeps state from height ${covers} on (point the archive at a node that keeps them)`
    : null;
}
