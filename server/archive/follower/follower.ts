import { ActivityIndex } from '../source/activity-index.ts';
import { errorText } from '../source/error-text.ts';
import type { RestReader } from '../source/rest-reader.ts';
import type { NodeStatus, RpcReader } from '../source/rpc-reader.ts';
import type { ArchiveStore } from '../store/archive-store.ts';
import { LostLeaseError, readCursor, recordGap, setCursor } from '../store/cursor-store.ts';
import { forecastReads, readBlocks } from './batch-plan.ts';
import { beginArchive } from './begin-archive.ts';
import { BlockPrefetch } from './block-prefetch.ts';
import { CatchUpMeter } from './catch-up-meter.ts';
import { breakInChain, ChainBreakError, ChainGuard } from './chain-guard.ts';
import { startingState, type FollowerOptions, type FollowerState } from './follower-state.ts';
import { GapFiller, type FillHost } from './gap-filler.ts';
import { OpenWork } from './open-work.ts';
import { backfillSparsely } from './sparse-backfill.ts';
import { writeBlocks } from './write-facts.ts';
import { WriterLease } from './writer-lease.ts';

type Position = { height: bigint; hash: string };

/** Behind by more than this many blocks, the follower is filling history (backfilling), not catching up. */
const BACKFILL_BEHIND = 100n;
const SPARSE_ABOVE = 1000n;
/** Heights searched in the node's index at once, while backfilling through it. */
const SPARSE_STRETCH = 20_000n;
/** How often the planner's statistics are refreshed on PGlite, which has no autovacuum to do it. */
const STATISTICS_EVERY_BLOCKS = 5000;
const STANDBY_POLL_MS = 1000;
const FIRST_BACKOFF_MS = 500;
const LAST_BACKOFF_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Blocks read per batch while catching up, unless --archive-batch says otherwise. A backfill of
 * 100,000 blocks through the node's index ran about 10 % faster at 64 than at 32 (fewer commits,
 * more reads in flight), and block by block about 15 % faster, within 5 MB of the same memory.
 */
export const DEFAULT_BATCH = 64;

/**
 * Follows a node block by block into the archive: bootstraps once, resumes from the committed
 * cursor after a restart, catches up as fast as the node allows, records gaps it cannot fill,
 * and merges nothing a node answers that does not hold together or follow the archived blocks.
 * A batch is read while the one before it is still being written.
 */
export class Follower implements FillHost {
  readonly state: FollowerState = startingState();
  private readonly chain = new ChainGuard();
  private readonly prefetch: BlockPrefetch;
  private readonly meter = new CatchUpMeter();
  private readonly index: ActivityIndex;
  /** The committed cursor, read once; afterwards only this follower moves it. */
  private committed: Position | null = null;
  /** The last block read; it may still be being written. */
  private reading: Position | null = null;
  /** The write of the last batch read, under way while the next batch is read. */
  private writing: Promise<void> | null = null;
  private work: OpenWork | null = null;
  private running = false;
  /** Set once stop is asked: the loop, still running while the filler stops, must not start it again. */
  private stopping = false;
  private stopped: Promise<void> = Promise.resolve();
  private backoff = FIRST_BACKOFF_MS;
  private readonly lease: WriterLease;
  private blocksSinceStatistics = 0;
  /** Fills the archive's gaps beside it, while this process writes the archive. */
  private readonly filler: GapFiller | null;
  /** Set while a gap fill holds the archive still: the loop parks until it is released. */
  private parking: { parked: Promise<void>; reached: () => void; resumed: Promise<void>; release: () => void } | null =
    null;

  constructor(
    readonly store: ArchiveStore,
    private readonly rpc: RpcReader,
    private readonly rest: RestReader,
    private readonly options: FollowerOptions,
  ) {
    this.prefetch = new BlockPrefetch(rpc, rest, options.batch);
    this.index = new ActivityIndex(rpc);
    this.lease = new WriterLease(store);
    if (options.distrustIndex) {
      this.index.distrust(options.distrustIndex);
      this.state.indexUnused = options.distrustIndex;
    }
    this.filler =
      options.fillGaps === false
        ? null
        : new GapFiller(
            this,
            rpc,
            rest,
            options,
            (fillStore, fillOptions) => new Follower(fillStore, rpc, rest, fillOptions),
          );
  }

  get writerId(): string {
    return this.lease.holder;
  }

  get indexDistrust(): string | null {
    return this.state.indexUnused;
  }

  committedHeight(): bigint | null {
    return this.committed?.height ?? null;
  }

  /** Holds the archive still (what is being written is finished first) until `resume`. */
  pause(): Promise<void> {
    if (!this.running) return Promise.resolve();
    if (!this.parking) {
      let reached: () => void = () => undefined;
      let release: () => void = () => undefined;
      const parked = new Promise<void>((resolve) => (reached = resolve));
      const resumed = new Promise<void>((resolve) => (release = resolve));
      this.parking = { parked, reached, resumed, release };
    }
    return this.parking.parked;
  }

  /** A fill waiting for this loop to hold still goes on (and finds it stopped or not writing). */
  private unblockFill(): void {
    this.parking?.reached();
  }

  resume(): void {
    const parking = this.parking;
    this.parking = null;
    parking?.reached();
    parking?.release();
  }

  start(): void {
    this.running = true;
    this.stopping = false;
    this.stopped = this.run();
  }

  async stop(): Promise<void> {
    // The filler first: it may be waiting for this loop to hold still, which only a running loop does.
    this.stopping = true;
    await this.filler?.stop();
    this.running = false;
    this.resume();
    await this.stopped;
    // Another process on the same database takes over at once instead of after the lease runs out.
    await this.lease.release().catch(() => undefined);
    this.state.phase = this.state.phase === 'refused' ? 'refused' : 'stopped';
  }

  private async run(): Promise<void> {
    try {
      await this.follow();
    } finally {
      // Whatever ends the loop, the batch being written is finished (or failed) before stop returns.
      await this.writing?.catch(() => undefined);
      // A gap fill waiting for the loop to hold still must not wait for a loop that has ended.
      this.unblockFill();
    }
  }

  private async follow(): Promise<void> {
    while (this.running) {
      try {
        if (this.parking) {
          await this.park(this.parking);
          continue;
        }
        if (!(await this.lease.hold())) {
          this.state.phase = 'standby';
          this.forget();
          // Another process writes now: its own filler fills (a fill waiting for this loop to park is released).
          this.unblockFill();
          await this.filler?.stop();
          await sleep(STANDBY_POLL_MS);
          continue;
        }
        const status = this.capped(await this.rpc.status());
        this.state.nodeLatestHeight = status.latestHeight;
        this.state.nodeHeardAt = Date.now();
        const otherChain = await this.chain.problemWith(this.store.db, status.chainId);
        if (otherChain) return this.refuse(otherChain);
        const cursor = await this.cursor();
        if (!cursor) {
          await this.bootstrap(status);
          continue;
        }
        if (!this.stopping) this.filler?.start();
        // Behind the archive: a node behind a load balancer that lags for a moment, or one reset.
        // Either way nothing is read until it passes the archive again; a reset node's next block
        // then does not follow the archived one, and is refused.
        if (status.latestHeight < cursor.height)
          throw new Error(
            `the node is at height ${status.latestHeight}, below the archived height ${cursor.height}: waiting`,
          );
        const position = await this.skipPrunedBlocks(this.reading ?? cursor, status.earliestHeight);
        if (position.height >= status.latestHeight) await this.waitForBlocks();
        else if (!(await this.backfillThroughIndex(position, status.latestHeight)))
          await this.followBatch(position, status.latestHeight);
      } catch (error) {
        await this.retryAfter(error);
      }
    }
  }

  /** Parked for a gap fill: what was read is written, and the archive is read again from its cursor after. */
  private async park(parking: NonNullable<Follower['parking']>): Promise<void> {
    await this.finishWriting();
    parking.reached();
    await parking.resumed;
    this.forget();
  }

  /** The node's status, with its tip no higher than this follower is to read (a gap fill's target). */
  private capped(status: NodeStatus): NodeStatus {
    const until = this.options.until?.() ?? null;
    return until === null || status.latestHeight <= until ? status : { ...status, latestHeight: until };
  }

  /** A new archive: its first state, from where `--archive-from` says (or a refusal saying why not). */
  private async bootstrap(status: NodeStatus): Promise<void> {
    this.state.phase = 'bootstrapping';
    const problem = await beginArchive(this.store, this.rpc, this.rest, this.options, status);
    if (problem) return this.refuse(problem);
    await this.refreshStatistics();
  }

  /** Heights the node no longer has become a gap, and reading goes on from its earliest block. */
  private async skipPrunedBlocks(position: Position, earliest: bigint): Promise<Position> {
    if (position.height + 1n >= earliest) return position;
    await this.finishWriting();
    const from = position.height + 1n;
    const to = earliest - 1n;
    await this.store.write(async (tx) => {
      await recordGap(tx, from, to, `blocks ${from}-${to} were pruned on the node`);
      await setCursor(tx, to, '', '');
    });
    this.options.log(`archive: heights ${from}-${to} are no longer on the node: recorded as a gap`);
    this.commit({ height: to, hash: '' });
    this.reading = null;
    return { height: to, hash: '' };
  }

  private async waitForBlocks(): Promise<void> {
    await this.finishWriting();
    this.state.phase = 'following';
    this.state.problem = null;
    this.state.backfill = null;
    this.backoff = FIRST_BACKOFF_MS;
    await sleep(this.options.pollMs);
  }

  /**
   * Far behind, reads the next stretch of history where the node's index says something happened
   * (and where the archive can compute it did). False when not far behind or the node keeps no
   * index: then it follows block by block.
   */
  private async backfillThroughIndex(position: Position, last: bigint): Promise<boolean> {
    if (last - position.height <= (this.options.sparseAbove ?? SPARSE_ABOVE)) return false;
    await this.finishWriting();
    this.forget();
    this.work ??= await OpenWork.load(this.store.db);
    const to = position.height + SPARSE_STRETCH < last ? position.height + SPARSE_STRETCH : last;
    this.markBackfilling(position, last);
    const { store, rpc, rest, index, work } = this;
    const parts = { store, rpc, rest, index, work, batch: this.options.batch };
    const range = { from: position.height + 1n, to, previousHash: position.hash };
    const read = await backfillSparsely(parts, range, (height, hash) => {
      this.meter.committed(Number(height - (this.state.archivedHeight ?? position.height)));
      this.commit({ height, hash });
      this.reportProgress(height, last, " (through the node's index)");
    });
    if (read === 'no index') {
      this.state.indexUnused = this.index.reason;
      this.options.log(`archive: the node keeps no usable index (${this.index.reason}): reading every block`);
      return false;
    }
    if (read === 'untrusted') this.forget(); // reads ran ahead of the writes: go on from the cursor
    this.state.lastError = null;
    this.backoff = FIRST_BACKOFF_MS;
    return true;
  }

  /** Reads the next batch after `position` (while the one before is written), then starts writing it. */
  private async followBatch(position: Position, last: bigint): Promise<void> {
    const behind = last - position.height;
    if (behind > BACKFILL_BEHIND || this.state.backfill) this.markBackfilling(position, last);
    else this.state.phase = behind > 1n ? 'catching up' : 'following';
    const { blocks, forecast: forecastAhead } = await this.prefetch.next(position.height + 1n, last);
    const broken = breakInChain(
      position.hash,
      blocks.map(({ block }) => block),
    );
    if (broken) throw new ChainBreakError(broken);
    if (!this.running) return;
    this.work ??= await OpenWork.load(this.store.db);
    const work = this.work;
    const forecast = (await forecastAhead) ?? forecastReads(this.rest, work, blocks);
    const planned = await readBlocks(this.rest, work, blocks, forecast);
    if (planned.length === blocks.length) this.prefetch.forecastNext(work);
    await this.finishWriting();
    const end = planned[planned.length - 1].block;
    this.reading = { height: end.height, hash: end.hash };
    this.writing = writeBlocks(this.store, work, planned).then(async () => {
      this.commit({ height: end.height, hash: end.hash });
      this.meter.committed(planned.length);
      this.blocksSinceStatistics += planned.length;
      if (this.blocksSinceStatistics >= STATISTICS_EVERY_BLOCKS) await this.refreshStatistics();
    });
    // A failure is met by finishWriting; until then it must not count as unhandled.
    this.writing.catch(() => undefined);
    this.state.lastError = null;
    this.backoff = FIRST_BACKOFF_MS;
    this.reportProgress(this.state.archivedHeight ?? position.height, last, '');
  }

  /** Filling history: the range runs from where this run of it began to the node's tip now. */
  private markBackfilling(position: Position, last: bigint): void {
    this.state.phase = 'backfilling';
    this.state.backfill = { fromHeight: this.state.backfill?.fromHeight ?? position.height + 1n, toHeight: last };
  }

  /** The rate in the status, and a progress line now and then while behind. */
  private reportProgress(archived: bigint, last: bigint, how: string): void {
    const behind = this.state.phase === 'catching up' || this.state.phase === 'backfilling';
    const progress = this.meter.tick(behind, archived, last);
    this.state.blocksPerSecond = this.meter.blocksPerSecond;
    if (progress) this.options.log(`${progress}${how}`);
  }

  /**
   * Waits for the batch being written. If it failed, everything read beyond the committed cursor
   * is dropped: the in-memory work list may have run ahead of what was committed, so it is
   * rebuilt and the cursor read again.
   */
  private async finishWriting(): Promise<void> {
    const writing = this.writing;
    this.writing = null;
    try {
      await writing;
    } catch (error) {
      this.forget();
      throw error;
    }
  }

  /** A failed read or write drops what was read beyond the committed cursor, then waits its turn. */
  private async retryAfter(error: unknown): Promise<void> {
    await this.writing?.catch(() => undefined);
    this.writing = null;
    this.forget();
    if (error instanceof LostLeaseError) this.lease.lost();
    this.state.lastError = errorText(error);
    // Until something is archived again, the status says what stands in the way.
    this.state.phase = 'retrying';
    this.state.problem = `${this.state.lastError}; nothing merged, trying again`;
    this.options.log(`archive: ${this.state.lastError}; retrying in ${this.backoff} ms`);
    await sleep(this.backoff);
    this.backoff = Math.min(this.backoff * 2, LAST_BACKOFF_MS);
  }

  private forget(): void {
    this.reading = null;
    this.work = null;
    this.committed = null;
    this.prefetch.clear();
  }

  private refuse(problem: string): void {
    // Nothing more is merged, and a fill of a refused archive could only be taken wrongly.
    void this.filler?.stop();
    this.state.phase = 'refused';
    this.state.problem = problem;
    this.running = false;
    this.options.log(`archive: ${problem}; following stopped, nothing was merged`);
  }

  private async cursor(): Promise<Position | null> {
    if (this.committed) return this.committed;
    const stored = await readCursor(this.store.db);
    this.committed = stored ? { height: stored.height, hash: stored.hash } : null;
    this.state.archivedHeight = this.committed?.height ?? null;
    return this.committed;
  }

  private commit(cursor: Position): void {
    this.committed = cursor;
    this.state.problem = null;
    this.state.archivedHeight = cursor.height;
  }

  private async refreshStatistics(): Promise<void> {
    this.blocksSinceStatistics = 0;
    await this.store.refreshStatistics();
  }
}
