/** Blocks per second over windows of a second, and a progress line every five seconds while catching up. */
export class CatchUpMeter {
  blocksPerSecond = 0;
  private windowStart = performance.now();
  private windowBlocks = 0;
  private lastLog = 0;

  committed(blocks: number): void {
    this.windowBlocks += blocks;
  }

  /** Updates the rate; returns a progress line when one is due. */
  tick(catchingUp: boolean, archived: bigint, last: bigint): string | null {
    const now = performance.now();
    if (now - this.windowStart >= 1000) {
      this.blocksPerSecond = (this.windowBlocks * 1000) / (now - this.windowStart);
      this.windowStart = now;
      this.windowBlocks = 0;
    }
    if (!catchingUp || now - this.lastLog <= 5000) return null;
    this.lastLog = now;
    return `archive: height ${archived}, ${this.blocksPerSecond.toFixed(0)} blocks/s, ${last - archived} behind`;
  }
}
