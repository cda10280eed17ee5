import { recordGap, setCursor } from '../../store/cursor/cursor-writes.ts';
import { breakInChain, ChainBreakError, refuseUnlessVouched } from '../lane/chain-guard.ts';
import type { Lane, Position } from '../lane/lane.ts';
import type { OpenWork } from '../lane/open-work.ts';
import { forecastReads, type ForecastReads } from './due-forecast.ts';
import { readBlocks } from './due-reads.ts';
import { fetchBlocks, type PreparedBlock } from './fetch-blocks.ts';
import { writeBlocks } from './write-batch.ts';

// Following block by block: a batch is read while the one before it is still being written, and
// the node already serves the batch after it. A height walks through fetch-blocks (the block,
// decoded, its own reads started), due-forecast (reads of what will come due, started ahead),
// due-reads (finished in order) and write-batch (one transaction with the cursor).

interface Ahead {
  from: bigint;
  blocks: Promise<PreparedBlock[]>;
  /** The reads of what comes due in these blocks, once the batch before them is read. */
  forecast: Promise<ForecastReads> | null;
}

/** A lane's tip: the batch fetched ahead, and each turn's batch read and handed to its write. */
export class TipPipeline {
  private ahead: Ahead | null = null;

  constructor(private readonly lane: Lane) {
    // After a failure, reading starts again from the cursor: what was fetched ahead is dropped.
    lane.onForget(() => (this.ahead = null));
  }

  /** Reads the next batch after `position` (while the one before is written), then starts writing it. */
  async turn(position: Position, last: bigint): Promise<void> {
    const lane = this.lane;
    lane.meter.reading(position.height, last);
    const { blocks, forecast: forecastAhead } = await this.next(position.height + 1n, last);
    const broken = breakInChain(
      position.hash,
      blocks.map(({ block }) => block),
    );
    if (broken) throw new ChainBreakError(broken);
    // The batch's blocks link to its last one by hash: that header's signatures vouch for them all.
    const newest = blocks[blocks.length - 1].block;
    refuseUnlessVouched(newest, await lane.options.vouchFor?.(newest.height));
    if (lane.halted) return;
    const work = await lane.work();
    const forecast = (await forecastAhead) ?? forecastReads(lane.rest, work, blocks);
    const planned = await readBlocks(lane.rest, work, blocks, forecast);
    // The work list stands where this batch ends: what comes due in the next can be read already.
    if (planned.length === blocks.length) this.forecastNext(work);
    await lane.finishWriting();
    const end = planned[planned.length - 1].block;
    const written = writeBlocks(lane.store, work, planned);
    lane.startWriting({ height: end.height, hash: end.hash }, written, async () => {
      lane.commit({ height: end.height, hash: end.hash }, planned.length);
      await lane.countWrittenBlocks(planned.length);
    });
    lane.succeeded();
    lane.meter.report(lane.state.archivedHeight ?? position.height, last, '');
  }

  /** The blocks from `from` (fetched ahead, or now), and the next batch asked for at once. */
  private async next(from: bigint, last: bigint): Promise<{ blocks: PreparedBlock[]; forecast: Ahead['forecast'] }> {
    const batch = BigInt(this.lane.options.batch);
    const fetch = (start: bigint) =>
      fetchBlocks(this.lane.rpc, this.lane.rest, start, Number(last - start + 1n < batch ? last - start + 1n : batch));
    const ahead = this.ahead?.from === from ? this.ahead : null;
    this.ahead = null;
    const blocks = await (ahead ? ahead.blocks : fetch(from));
    const next = from + BigInt(blocks.length);
    this.ahead = next <= last ? { from: next, blocks: fetch(next), forecast: null } : null;
    this.ahead?.blocks.catch(() => undefined);
    return { blocks, forecast: ahead?.forecast ?? null };
  }

  private forecastNext(work: OpenWork): void {
    const upcoming = this.ahead;
    if (!upcoming) return;
    upcoming.forecast = upcoming.blocks.then((blocks) => forecastReads(this.lane.rest, work, blocks));
    upcoming.forecast.catch(() => undefined);
  }
}

/** At the node's tip: what was read is written, and the lane waits for the next block. */
export async function waitForBlocks(lane: Lane): Promise<number> {
  await lane.finishWriting();
  lane.meter.atTip();
  lane.resetBackoff();
  return lane.options.pollMs;
}

/** Heights the node no longer has become a gap, and reading goes on from its earliest block. */
export async function skipPrunedBlocks(lane: Lane, position: Position, earliest: bigint): Promise<Position> {
  if (position.height + 1n >= earliest) return position;
  const from = position.height + 1n;
  // A node that says for a moment that it keeps less than it does (a load balancer's other
  // backend, a restart) must not turn heights it keeps into a gap: the first of them is asked for.
  if (await lane.rpc.servesHeight(from))
    throw new Error(
      `the node says its earliest block is ${earliest}, yet it serves block ${from}: not recorded as pruned; asking again`,
    );
  await lane.finishWriting();
  const to = earliest - 1n;
  await lane.store.write(async (tx) => {
    await recordGap(tx, from, to, `blocks ${from}-${to} were pruned on the node`);
    await setCursor(tx, to, '', '');
  });
  lane.options.log(`archive: heights ${from}-${to} are no longer on the node: recorded as a gap`);
  const skipped = { height: to, hash: '' };
  lane.commit(skipped, 0);
  lane.reading = null;
  return skipped;
}
