import type { NodeProposal } from '../../node-records.ts';
import { indexedActivity, type ActivityIndex } from '../../source/activity-index.ts';
import type { RestReader } from '../../source/rest-reader.ts';
import type { FetchedBlock, RpcReader } from '../../source/rpc-reader.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import { recordGap } from '../../store/cursor/cursor-writes.ts';
import { OPEN_STATUS } from '../../vocabulary.ts';
import { breakInChain, ChainBreakError, refuseUnlessVouched } from '../lane/chain-guard.ts';
import type { FollowerOptions } from '../lane/follower-state.ts';
import type { OpenWork } from '../lane/open-work.ts';
import { readBlocks, type PlannedBlocks } from '../tip/due-reads.ts';
import { prepareBlock, type PreparedBlock } from '../tip/fetch-blocks.ts';
import { writeBlocks } from '../tip/write-batch.ts';
import { BlockClock } from './block-clock.ts';
import { checkDuePredecessor, endedBy } from './due-predecessor.ts';
import { indexLeftOut, lie } from './index-check.ts';
import { NextHeights } from './next-heights.ts';

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
  /** Verifies a block's header against the trust root before it is merged (see FollowerOptions). */
  vouchFor?: FollowerOptions['vouchFor'];
}

/**
 * `untrusted`: a block the index did not name holds what it was asked about; the index is
 * distrusted from then on. Nothing of that block or after it is merged, and what was merged of
 * the stretch before it is recorded as read through an index that left heights out.
 */
export type StretchResult = 'read' | 'no index' | 'untrusted';

/** Named heights read ahead of the one being finished, in batches: the node answers several at once. */
const READ_AHEAD_BATCHES = 4;
/** However large the batch (--archive-batch takes up to 1,000), no more blocks than this are in flight. */
const MOST_READ_AHEAD = 256;

async function distrust(parts: SparseParts, reason: string, from: bigint, written: bigint | null) {
  parts.index.distrust(reason);
  if (written === null) return;
  const note = `heights ${from}-${written} were read through the node's index, which ${reason.replace(/^its index /, '')}: activity at heights it did not name may be missing`;
  await parts.store.write((tx) => recordGap(tx, from, written, note));
}

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
  const { store, rpc, rest, work, batch, vouchFor } = parts;
  const namedSet = new Set(named);
  // Before anything is merged: blocks the index did not name must hold nothing it was asked about.
  // Read beside the stretch's first blocks, but answered before anything of it is merged.
  const leftOutRead = indexLeftOut(rpc, range, namedSet, parts.index.sample);
  leftOutRead.catch(() => undefined);
  let sampleChecked = false;
  const sampleLied = async () => {
    if (sampleChecked) return false;
    const leftOut = await leftOutRead;
    sampleChecked = true;
    if (leftOut) await distrust(parts, leftOut, from, null);
    return leftOut !== null;
  };
  const clock = new BlockClock(rpc, to);
  const always = new Set([from, ...named.filter((height) => height < to), to]);
  const heights = new NextHeights(
    [...always].sort((a, b) => (a < b ? -1 : 1)),
    clock,
    to,
    await clock.timeOf(to),
  );
  const ahead = new Map<bigint, Promise<PreparedBlock>>();
  // Reads of proposals at the block they come due, started with the block's own: a read at a
  // height is that height's answer, so one the block turns out not to need costs a read, nothing else.
  const forecast = new Map<string, Promise<NodeProposal | null>>();
  // The blocks before due blocks, read beside them: each must say its proposals were not yet due.
  const beforeDue = new Map<bigint, Promise<FetchedBlock>>();
  const blockBefore = (height: bigint) => {
    const read = beforeDue.get(height) ?? rpc.block(height - 1n);
    beforeDue.set(height, read);
    read.catch(() => undefined);
    return read;
  };
  const prepare = (height: bigint) => {
    if (heights.dueAt(height).length > 0) void blockBefore(height);
    for (const id of heights.dueAt(height)) {
      const read = rest.proposal(id, height);
      read.catch(() => undefined);
      forecast.set(`${id}@${height}`, read);
    }
    // A block read alone (not linked to the ones beside it) is vouched for by the next header,
    // which names it and which the prover needs verified anyway; the stretch's last by its own.
    const vouched = vouchFor?.(height, height < to ? 'next header' : 'own signatures') ?? Promise.resolve(null);
    return Promise.all([rpc.block(height), vouched]).then(([block, hash]) => {
      refuseUnlessVouched(block, hash);
      const prepared = prepareBlock(rest, block);
      // A proposal submitted here comes due at a block found by a search of headers: begun now,
      // it is answered by the time the blocks before it are done.
      void prepared.reads.then(({ value }) => {
        for (const proposal of value?.proposals.values() ?? [])
          if (proposal?.status === OPEN_STATUS)
            heights.foresee(proposal.id, Date.parse(proposal.voting_period_end), height);
      });
      return prepared;
    });
  };
  let pending: PlannedBlocks = [];
  let last = from - 1n;
  let written: bigint | null = null;
  // A batch is written while the next one is read, as when following block by block.
  let writing: Promise<void> = Promise.resolve();
  for (let next = await heights.after(last, work); next !== null; next = await heights.after(last, work)) {
    for (const height of heights.upcoming(last, Math.min(batch * READ_AHEAD_BATCHES, MOST_READ_AHEAD), work, true)) {
      if (ahead.has(height)) continue;
      const read = prepare(height);
      read.catch(() => undefined);
      ahead.set(height, read);
    }
    const prepared = await (ahead.get(next) ?? prepare(next));
    ahead.delete(next);
    // The headers searched for voting ends must agree with every block read in full.
    clock.confirm(next, prepared.block.time);
    // A voting end the block before was not read for: that block must not have been due already.
    const ended = next - 1n > last ? endedBy(work, prepared.block) : [];
    if (ended.length > 0) checkDuePredecessor(clock, prepared.block, await blockBefore(next), ended);
    beforeDue.delete(next);
    // A block read for another reason (the stretch's ends, a voting end, an upgrade height) is a check too.
    const activity = namedSet.has(next) ? null : indexedActivity(prepared.block);
    if (activity) {
      await writing;
      await distrust(parts, lie(next, activity), from, written);
      return 'untrusted';
    }
    if (next === from) {
      const broken = breakInChain(range.previousHash, [prepared.block]);
      if (broken) throw new ChainBreakError(broken);
    }
    pending.push(...(await readBlocks(rest, work, [prepared], forecast)));
    for (const key of forecast.keys()) if (BigInt(key.slice(key.indexOf('@') + 1)) <= next) forecast.delete(key);
    last = next;
    if (pending.length >= batch || next === to) {
      if (await sampleLied()) return 'untrusted';
      await writing;
      const planned = pending;
      const end = planned[planned.length - 1].block;
      writing = writeBlocks(store, work, planned).then(() => {
        committed(end.height, end.hash);
        written = end.height;
      });
      // A failure is met by the next await of it; until then it must not count as unhandled.
      writing.catch(() => undefined);
      pending = [];
    }
  }
  await writing;
  return 'read';
}
