import type { FollowerState } from './follower-state.ts';

/** Behind by more than this many blocks, a lane is filling history (backfilling), not catching up. */
const BACKFILL_BEHIND = 100n;
const WINDOW_MS = 1000;
const LINE_EVERY_MS = 5000;

/**
 * Where a lane stands, as every pipeline records it: the height committed, blocks per second over
 * windows of a second, the phase of following, and a progress line every five seconds while behind.
 */
export class ProgressMeter {
  private windowStart = performance.now();
  private windowBlocks = 0;
  private lastLine = 0;
  private saidNoBlockYet = false;

  constructor(
    private readonly state: FollowerState,
    private readonly log: (line: string) => void,
  ) {}

  /** The cursor as stored: where the lane resumes. */
  resumed(height: bigint | null): void {
    this.state.archivedHeight = height;
  }

  /** A write committed the cursor at `height`, `blocks` more than the last. */
  committed(height: bigint, blocks: number): void {
    this.windowBlocks += blocks;
    this.state.problem = null;
    this.state.archivedHeight = height;
  }

  /** Reading the blocks after `from`, of which the node's tip is `last`: backfilling, catching up, or following. */
  reading(from: bigint, last: bigint): void {
    const behind = last - from;
    if (behind > BACKFILL_BEHIND || this.state.backfill) this.backfilling(from, last);
    else this.state.phase = behind > 1n ? 'catching up' : 'following';
  }

  /** Filling history: the range runs from where this run of it began to the node's tip now. */
  backfilling(from: bigint, last: bigint): void {
    this.state.phase = 'backfilling';
    this.state.backfill = { fromHeight: this.state.backfill?.fromHeight ?? from + 1n, toHeight: last };
  }

  /** At the node's tip: nothing is behind. */
  atTip(): void {
    this.state.phase = 'following';
    this.state.problem = null;
    this.state.backfill = null;
  }

  /** The chain has produced no block yet: nothing is wrong, the lane waits for its first (said once). */
  noBlockYet(): void {
    this.state.phase = 'starting';
    this.state.problem = null;
    if (this.saidNoBlockYet) return;
    this.saidNoBlockYet = true;
    this.log('archive: the chain has no block yet: waiting for its first');
  }

  /** The rate in the status, and a progress line now and then while behind (`how`: said after it). */
  report(archived: bigint, last: bigint, how: string): void {
    const now = performance.now();
    if (now - this.windowStart >= WINDOW_MS) {
      this.state.blocksPerSecond = (this.windowBlocks * 1000) / (now - this.windowStart);
      this.windowStart = now;
      this.windowBlocks = 0;
    }
    const behind = this.state.phase === 'catching up' || this.state.phase === 'backfilling';
    if (!behind || now - this.lastLine <= LINE_EVERY_MS) return;
    this.lastLine = now;
    this.log(
      `archive: height ${archived}, ${this.state.blocksPerSecond.toFixed(0)} blocks/s, ${last - archived} behind${how}`,
    );
  }
}
