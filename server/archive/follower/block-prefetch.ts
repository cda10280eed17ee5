import type { RestReader } from '../source/rest-reader.ts';
import type { FetchedBlock, RpcReader } from '../source/rpc-reader.ts';
import { forecastReads, prepareBlocks, type PreparedBlock } from './batch-plan.ts';
import type { ForecastReads } from './block-reads.ts';
import type { OpenWork } from './open-work.ts';

/**
 * Fetches batches of blocks, one batch ahead: while a batch is read and written, the node already
 * serves the next one; once a batch is read, the reads of what will come due in the next can
 * start too.
 */
export class BlockPrefetch {
  private ahead: { from: bigint; blocks: Promise<PreparedBlock[]>; forecast: Promise<ForecastReads> | null } | null =
    null;

  constructor(
    private readonly rpc: RpcReader,
    private readonly rest: RestReader,
    private readonly batch: number,
  ) {}

  /**
   * The blocks from `from` (fetched ahead, or now) with the reads of what comes due in them if
   * those were started ahead; and the next batch asked for at once.
   */
  async next(
    from: bigint,
    last: bigint,
  ): Promise<{ blocks: PreparedBlock[]; forecast: Promise<ForecastReads> | null }> {
    const size = (start: bigint) =>
      Number(last - start + 1n < BigInt(this.batch) ? last - start + 1n : BigInt(this.batch));
    const ahead = this.ahead?.from === from ? this.ahead : null;
    this.ahead = null;
    const blocks = await (ahead ? ahead.blocks : this.fetch(from, size(from)));
    const next = from + BigInt(blocks.length);
    this.ahead = next <= last ? { from: next, blocks: this.fetch(next, size(next)), forecast: null } : null;
    this.ahead?.blocks.catch(() => undefined);
    return { blocks, forecast: ahead?.forecast ?? null };
  }

  /** The work list stands where the current batch ends: forecast what comes due in the next. */
  forecastNext(work: OpenWork): void {
    const upcoming = this.ahead;
    if (!upcoming) return;
    upcoming.forecast = upcoming.blocks.then((next) => forecastReads(this.rest, work, next));
    upcoming.forecast.catch(() => undefined);
  }

  /** Forgets what was fetched ahead (after a failure, reading starts again from the cursor). */
  clear(): void {
    this.ahead = null;
  }

  private async fetch(from: bigint, count: number): Promise<PreparedBlock[]> {
    const blocks: FetchedBlock[] = await Promise.all(
      Array.from({ length: count }, (_, index) => this.rpc.block(from + BigInt(index))),
    );
    return prepareBlocks(this.rest, blocks);
  }
}
