import type { Lane, Position } from '../lane/lane.ts';
import { backfillSparsely } from './sparse-stretch.ts';

/** Behind by more than this many blocks (unless the options say otherwise), history is read through the node's index. */
const SPARSE_ABOVE = 1000n;
/** Heights searched in the node's index at once, while backfilling through it. */
const SPARSE_STRETCH = 20_000n;

/**
 * Far behind, reads the next stretch of history where the node's index says something happened
 * (and where the archive can compute it did). False when not far behind or the node keeps no
 * index: then the lane follows block by block.
 */
export async function backfillTurn(lane: Lane, position: Position, last: bigint): Promise<boolean> {
  if (last - position.height <= (lane.options.sparseAbove ?? SPARSE_ABOVE)) return false;
  await lane.finishWriting();
  lane.forget();
  const work = await lane.work();
  const to = position.height + SPARSE_STRETCH < last ? position.height + SPARSE_STRETCH : last;
  lane.meter.backfilling(position.height, last);
  const { store, rpc, rest, index } = lane;
  const parts = { store, rpc, rest, index, work, batch: lane.options.batch, vouchFor: lane.options.vouchFor };
  const range = { from: position.height + 1n, to, previousHash: position.hash };
  const read = await backfillSparsely(parts, range, (height, hash) => {
    lane.commit({ height, hash }, Number(height - (lane.state.archivedHeight ?? position.height)));
    lane.meter.report(height, last, " (through the node's index)");
  });
  if (read === 'no index') {
    // Said when it becomes so (or its reason changes), not again at every stretch read without it.
    if (lane.state.indexUnused !== index.reason)
      lane.options.log(`archive: the node keeps no usable index (${index.reason}): reading every block`);
    lane.state.indexUnused = index.reason;
    return false;
  }
  // Reads ran ahead of the writes: the lane goes on from its cursor.
  if (read === 'untrusted') lane.forget();
  lane.succeeded();
  return true;
}
