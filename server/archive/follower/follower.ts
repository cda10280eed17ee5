import type { SqlDatabase } from '../db/sql-database.ts';
import type { RestReader } from '../node/rest-reader.ts';
import type { FetchedBlock, RpcReader } from '../node/rpc-reader.ts';
import {
  forecastReads,
  prepareBlocks,
  readBlocks,
  writeBlocks,
  type ForecastReads,
  type PreparedBlock,
} from './apply-block.ts';
import { recordGap, setCursor } from './archive-writer.ts';
import { bootstrap } from './bootstrap.ts';
import { OpenWork } from './open-work.ts';

export interface FollowerOptions {
  /** Blocks fetched ahead in parallel while catching up (bounded concurrency). */
  batch: number;
  pollMs: number;
  log: (line: string) => void;
}

export interface FollowerState {
  phase: 'starting' | 'bootstrapping' | 'catching up' | 'following' | 'stopped' | 'refused';
  /** Why the follower refuses to go on (another chain, a reset node): nothing is merged. */
  problem: string | null;
  /** The last error talking to the node (it retries with backoff). */
  lastError: string | null;
  nodeLatestHeight: bigint | null;
  /** The last height committed to the archive. */
  archivedHeight: bigint | null;
  blocksPerSecond: number;
}

/** How often the planner's statistics are refreshed on PGlite, which has no autovacuum to do it. */
const STATISTICS_EVERY_BLOCKS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows a node block by block into the archive: bootstraps once, resumes from the committed
 * cursor after a restart, catches up as fast as the node allows, records gaps it cannot fill,
 * and stops (without merging anything) when the node turns out to be another chain or reset.
 */
export class Follower {
  readonly state: FollowerState = {
    phase: 'starting',
    problem: null,
    lastError: null,
    nodeLatestHeight: null,
    archivedHeight: null,
    blocksPerSecond: 0,
  };
  /** The chain id found in the archive, once checked: it never changes under a running follower. */
  private chainId: string | null = null;
  /** The committed cursor, read once; afterwards only this follower moves it. */
  private committed: { height: bigint; hash: string } | null = null;
  private running = false;
  private work: OpenWork | null = null;
  private stopped: Promise<void> = Promise.resolve();
  private blocksSinceStatistics = 0;
  /**
   * The next batch of blocks (and their own reads), asked for while the current one is read and
   * written; and, once the current one is read, the reads of what will come due in it.
   */
  private prefetched: {
    from: bigint;
    blocks: Promise<PreparedBlock[]>;
    forecast: Promise<ForecastReads> | null;
  } | null = null;
  /** The last block read; it may still be being written. */
  private reading: { height: bigint; hash: string } | null = null;
  /** The write of the last batch read, under way while the next batch is read. */
  private writing: Promise<void> | null = null;

  constructor(
    private readonly db: SqlDatabase,
    private readonly rpc: RpcReader,
    private readonly rest: RestReader,
    private readonly options: FollowerOptions,
  ) {}

  start(): void {
    this.running = true;
    this.stopped = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.stopped;
    this.state.phase = this.state.phase === 'refused' ? 'refused' : 'stopped';
  }

  private refuse(problem: string): void {
    this.state.phase = 'refused';
    this.state.problem = problem;
    this.running = false;
    this.options.log(`archive: ${problem}; following stopped, nothing was merged`);
  }

  private async cursor(): Promise<{ height: bigint; hash: string } | null> {
    if (this.committed) return this.committed;
    const row = (
      await this.db.query<{ height: string; block_hash: string }>(
        'SELECT height::text AS height, block_hash FROM archive_cursor',
      )
    )[0];
    this.committed = row ? { height: BigInt(row.height), hash: row.block_hash } : null;
    this.state.archivedHeight = this.committed?.height ?? null;
    return this.committed;
  }

  private commit(cursor: { height: bigint; hash: string }): void {
    this.committed = cursor;
    this.state.archivedHeight = cursor.height;
  }

  private async checkChain(chainId: string): Promise<boolean> {
    if (this.chainId === chainId) return true;
    const stored = (await this.db.query<{ value: string }>("SELECT value FROM archive_meta WHERE key = 'chain_id'"))[0];
    if (!stored) {
      await this.db.query("INSERT INTO archive_meta (key, value) VALUES ('chain_id', $1)", [chainId]);
      this.chainId = chainId;
      return true;
    }
    if (stored.value === chainId) {
      this.chainId = chainId;
      return true;
    }
    this.refuse(`the node serves chain ${chainId}, but this archive holds chain ${stored.value}`);
    return false;
  }

  private async run(): Promise<void> {
    try {
      await this.follow();
    } finally {
      // Whatever ends the loop, the batch being written is finished (or failed) before stop returns.
      await this.writing?.catch(() => undefined);
    }
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

  private forget(): void {
    this.reading = null;
    this.work = null;
    this.committed = null;
    this.prefetched = null;
  }

  private async follow(): Promise<void> {
    let backoff = 500;
    let windowStart = performance.now();
    let windowBlocks = 0;
    let lastLog = 0;
    while (this.running) {
      try {
        const status = await this.rpc.status();
        this.state.nodeLatestHeight = status.latestHeight;
        if (!(await this.checkChain(status.chainId))) return;
        let cursor = await this.cursor();
        if (!cursor) {
          this.state.phase = 'bootstrapping';
          const height = await bootstrap(this.db, this.rpc, this.rest, status);
          this.options.log(`archive: bootstrapped from the state at height ${height}`);
          await this.refreshStatistics();
          continue;
        }
        if (status.latestHeight < cursor.height) {
          return this.refuse(
            `the node is at height ${status.latestHeight}, below the archived height ${cursor.height}: it was reset`,
          );
        }
        // Reading goes on from the last block read, which may still be being written.
        let position = this.reading ?? cursor;
        if (position.height + 1n < status.earliestHeight) {
          await this.finishWriting();
          const from = position.height + 1n;
          const to = status.earliestHeight - 1n;
          await this.db.transaction(async (tx) => {
            await recordGap(tx, from, to, `blocks ${from}-${to} were pruned on the node`);
            await setCursor(tx, to, '', '');
          });
          this.options.log(`archive: heights ${from}-${to} are no longer on the node: recorded as a gap`);
          cursor = { height: to, hash: '' };
          this.commit(cursor);
          this.reading = null;
          position = cursor;
        }
        const last = status.latestHeight;
        if (position.height >= last) {
          await this.finishWriting();
          this.state.phase = 'following';
          backoff = 500;
          await sleep(this.options.pollMs);
          continue;
        }
        this.state.phase = last - position.height > 1n ? 'catching up' : 'following';
        const from = position.height + 1n;
        const { blocks, forecast: forecastAhead } = await this.nextBlocks(from, last);
        let previous = position.hash;
        for (const { block } of blocks) {
          if (!this.continues(previous, block)) return;
          previous = block.hash;
        }
        if (!this.running) return;
        this.work ??= await OpenWork.load(this.db);
        const work = this.work;
        const forecast = (await forecastAhead) ?? forecastReads(this.rest, work, blocks);
        // Read while the batch before is still being written.
        const planned = await readBlocks(this.rest, work, blocks, forecast);
        // The work list now stands where this batch ends: what comes due in the next batch can
        // be read while this one is written.
        const upcoming = this.prefetched;
        if (upcoming && planned.length === blocks.length) {
          upcoming.forecast = upcoming.blocks.then((next) => forecastReads(this.rest, work, next));
          upcoming.forecast.catch(() => undefined);
        }
        await this.finishWriting();
        const end = planned[planned.length - 1].block;
        this.reading = { height: end.height, hash: end.hash };
        this.writing = writeBlocks(this.db, work, planned).then(async () => {
          this.commit({ height: end.height, hash: end.hash });
          windowBlocks += planned.length;
          this.blocksSinceStatistics += planned.length;
          if (this.blocksSinceStatistics >= STATISTICS_EVERY_BLOCKS) await this.refreshStatistics();
        });
        // A failure is met by finishWriting; until then it must not count as unhandled.
        this.writing.catch(() => undefined);
        this.state.lastError = null;
        backoff = 500;
        const now = performance.now();
        if (now - windowStart >= 1000) {
          this.state.blocksPerSecond = (windowBlocks * 1000) / (now - windowStart);
          windowStart = now;
          windowBlocks = 0;
        }
        if (now - lastLog > 5000 && this.state.phase === 'catching up') {
          lastLog = now;
          const archived = this.state.archivedHeight ?? position.height;
          this.options.log(
            `archive: height ${archived}, ${this.state.blocksPerSecond.toFixed(0)} blocks/s, ${last - archived} behind`,
          );
        }
      } catch (error) {
        // A failed read drops what was read beyond the committed cursor too, once the batch
        // being written has settled.
        await this.writing?.catch(() => undefined);
        this.writing = null;
        this.forget();
        this.state.lastError = error instanceof Error ? error.message : String(error);
        this.options.log(`archive: ${this.state.lastError}; retrying in ${backoff} ms`);
        await sleep(backoff);
        backoff = Math.min(backoff * 2, 30_000);
      }
    }
  }

  /**
   * The blocks from `from` (fetched ahead, or now) with the reads of what comes due in them if
   * those were started ahead; and the next batch asked for at once.
   */
  private async nextBlocks(
    from: bigint,
    last: bigint,
  ): Promise<{ blocks: PreparedBlock[]; forecast: Promise<ForecastReads> | null }> {
    const size = (start: bigint) =>
      Number(last - start + 1n < BigInt(this.options.batch) ? last - start + 1n : BigInt(this.options.batch));
    const ahead = this.prefetched?.from === from ? this.prefetched : null;
    this.prefetched = null;
    const blocks = await (ahead ? ahead.blocks : this.fetch(from, size(from)));
    // While this batch is read and written, the node already serves the next one.
    const next = from + BigInt(blocks.length);
    this.prefetched = next <= last ? { from: next, blocks: this.fetch(next, size(next)), forecast: null } : null;
    this.prefetched?.blocks.catch(() => undefined);
    return { blocks, forecast: ahead?.forecast ?? null };
  }

  /**
   * PGlite runs no background workers, so nothing would ever ANALYZE its tables; without
   * statistics the planner guesses, and a guess can read a whole group for a handful of votes.
   */
  private async refreshStatistics(): Promise<void> {
    this.blocksSinceStatistics = 0;
    if (this.db.kind === 'pglite') await this.db.query('ANALYZE');
  }

  private async fetch(from: bigint, count: number): Promise<PreparedBlock[]> {
    const blocks: FetchedBlock[] = await Promise.all(
      Array.from({ length: count }, (_, index) => this.rpc.block(from + BigInt(index))),
    );
    return prepareBlocks(this.rest, blocks);
  }

  /** A block must follow the archived one; anything else is another chain under the same name. */
  private continues(archivedHash: string, block: FetchedBlock): boolean {
    if (archivedHash === '' || block.lastBlockHash === '' || block.lastBlockHash === archivedHash) return true;
    this.refuse(
      `block ${block.height} does not follow the archived block ${block.height - 1n}: the node changed under the archive`,
    );
    return false;
  }
}
