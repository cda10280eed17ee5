import { ActivityIndex } from '../../source/activity-index.ts';
import { errorText } from '../../source/error-text.ts';
import type { RestReader } from '../../source/rest-reader.ts';
import type { NodeStatus, RpcReader } from '../../source/rpc-reader.ts';
import type { ArchiveStore } from '../../store/archive-store.ts';
import { readCursor } from '../../store/cursor/cursor-reads.ts';
import { ChainGuard } from './chain-guard.ts';
import { startingState, type FollowerOptions, type FollowerState } from './follower-state.ts';
import { OpenWork } from './open-work.ts';
import { ProgressMeter } from './progress-meter.ts';

export type Position = { height: bigint; hash: string };

const FIRST_BACKOFF_MS = 500;
const LAST_BACKOFF_MS = 30_000;
/** How often the planner's statistics are refreshed on PGlite, which has no autovacuum to do it. */
const STATISTICS_EVERY_BLOCKS = 5000;

/**
 * One archive being followed — the archive itself, or a fill of its gaps rebuilt beside it — and
 * where it stands: the committed cursor, the last block read (it may still be being written), the
 * batch being written, the work list. Pipelines move it on; the scheduler gives it its turns.
 */
export class Lane {
  readonly state: FollowerState = startingState();
  readonly meter: ProgressMeter;
  readonly index: ActivityIndex;
  readonly chain = new ChainGuard();
  /** The committed cursor, read once; afterwards only this lane moves it. */
  private committedAt: Position | null = null;
  /** The last block read; it may still be being written. */
  reading: Position | null = null;
  /** The write of the last batch read, under way while the next batch is read. */
  private writing: Promise<void> | null = null;
  private workList: OpenWork | null = null;
  /** What pipelines hold of this lane beyond its cursor (blocks fetched ahead): dropped with it. */
  private readonly held: (() => void)[] = [];
  private backoff = FIRST_BACKOFF_MS;
  private blocksSinceStatistics = 0;
  /** Set once the node is refused: nothing more is merged. */
  refused = false;
  /** Set while the lane is stopped: a turn under way writes nothing more. */
  halted = false;

  constructor(
    readonly store: ArchiveStore,
    readonly rpc: RpcReader,
    readonly rest: RestReader,
    readonly options: FollowerOptions,
  ) {
    this.meter = new ProgressMeter(this.state, options.log);
    this.index = new ActivityIndex(rpc, options.indexSample);
    if (options.distrustIndex) {
      this.index.distrust(options.distrustIndex);
      this.state.indexUnused = options.distrustIndex;
    }
  }

  get committed(): Position | null {
    return this.committedAt;
  }

  /** `drop` runs whenever the lane forgets what it read beyond its cursor. */
  onForget(drop: () => void): void {
    this.held.push(drop);
  }

  /** The node's status, with its tip no higher than this lane is to read (a gap fill's target). */
  async nodeStatus(): Promise<NodeStatus> {
    const status = await this.rpc.status();
    const until = this.options.until?.() ?? null;
    const capped = until === null || status.latestHeight <= until ? status : { ...status, latestHeight: until };
    this.state.nodeLatestHeight = capped.latestHeight;
    this.state.nodeHeardAt = Date.now();
    return capped;
  }

  async cursor(): Promise<Position | null> {
    if (this.committedAt) return this.committedAt;
    const stored = await readCursor(this.store.db);
    this.committedAt = stored ? { height: stored.height, hash: stored.hash } : null;
    this.meter.resumed(this.committedAt?.height ?? null);
    return this.committedAt;
  }

  /** A write committed the cursor at `position`, `blocks` more than before. */
  commit(position: Position, blocks: number): void {
    this.committedAt = position;
    this.meter.committed(position.height, blocks);
  }

  /** The work list, loaded from the archive when the lane (re)starts from its cursor. */
  async work(): Promise<OpenWork> {
    this.workList ??= await OpenWork.load(this.store.db);
    return this.workList;
  }

  /** Starts writing a batch read up to `end`; `wrote` follows its commit. */
  startWriting(end: Position, write: Promise<void>, wrote: () => Promise<void>): void {
    this.reading = end;
    this.writing = write.then(wrote);
    // A failure is met by finishWriting; until then it must not count as unhandled.
    this.writing.catch(() => undefined);
  }

  /**
   * Waits for the batch being written. If it failed, everything read beyond the committed cursor
   * is dropped: the in-memory work list may have run ahead of what was committed, so it is
   * rebuilt and the cursor read again.
   */
  async finishWriting(): Promise<void> {
    const writing = this.writing;
    this.writing = null;
    try {
      await writing;
    } catch (error) {
      this.forget();
      throw error;
    }
  }

  /** Blocks written since the planner's statistics were last refreshed: refreshed now and then. */
  async countWrittenBlocks(blocks: number): Promise<void> {
    this.blocksSinceStatistics += blocks;
    if (this.blocksSinceStatistics >= STATISTICS_EVERY_BLOCKS) await this.refreshStatistics();
  }

  async refreshStatistics(): Promise<void> {
    this.blocksSinceStatistics = 0;
    await this.store.refreshStatistics();
  }

  /** Reads and writes go well: no error stands, and the next failure waits the shortest time again. */
  succeeded(): void {
    this.state.lastError = null;
    this.resetBackoff();
  }

  /** Nothing failed this turn: the next failure waits the shortest time again. */
  resetBackoff(): void {
    this.backoff = FIRST_BACKOFF_MS;
  }

  /**
   * A failed read or write drops what was read beyond the committed cursor; returns how long the
   * lane waits before its next turn (twice as long after each failure in a row).
   */
  async failed(error: unknown): Promise<number> {
    await this.writing?.catch(() => undefined);
    this.writing = null;
    this.forget();
    this.state.lastError = errorText(error);
    // Until something is archived again, the status says what stands in the way.
    this.state.phase = 'retrying';
    this.state.problem = `${this.state.lastError}; nothing merged, trying again`;
    this.options.log(`archive: ${this.state.lastError}; retrying in ${this.backoff} ms`);
    const wait = this.backoff;
    this.backoff = Math.min(this.backoff * 2, LAST_BACKOFF_MS);
    return wait;
  }

  /** Nothing more is merged from this node. */
  refuse(problem: string): void {
    this.refused = true;
    this.state.phase = 'refused';
    this.state.problem = problem;
    this.options.log(`archive: ${problem}; following stopped, nothing was merged`);
  }

  /** Drops what was read beyond the committed cursor: the lane goes on from the stored cursor. */
  forget(): void {
    this.reading = null;
    this.workList = null;
    this.committedAt = null;
    for (const drop of this.held) drop();
  }
}
