import type { RpcReader } from '../../source/rpc-reader.ts';

/**
 * Block times from headers alone (20 a request), to find the first block after a moment without
 * reading every block: block times only grow with height, so a binary search finds it.
 */
export class BlockClock {
  private readonly times = new Map<bigint, number>();

  constructor(
    private readonly rpc: RpcReader,
    /** The highest height asked about: headers are read in runs that never pass it. */
    private readonly top: bigint,
  ) {}

  /** Milliseconds, as the follower compares a block's time with a voting end. */
  async timeOf(height: bigint): Promise<number> {
    const known = this.times.get(height);
    if (known !== undefined) return known;
    const last = height + 19n < this.top ? height + 19n : this.top;
    for (const [at, time] of await this.rpc.blockTimes(height, last)) this.times.set(at, Date.parse(time));
    const time = this.times.get(height);
    if (time === undefined) throw new Error(`the node answered no header for height ${height}`);
    return time;
  }

  /**
   * The first height in [from, to] whose block time is after `moment`; null when none is. Blocks
   * come at a steady pace, so the height is guessed from the times at both ends and a run of
   * headers around the guess read: one or two requests, where a binary search took fifteen.
   */
  async firstAfter(moment: number, from: bigint, to: bigint): Promise<bigint | null> {
    if (from > to || (await this.timeOf(to)) <= moment) return null;
    let [before, after] = [from, to];
    if ((await this.timeOf(before)) > moment) return before;
    // Invariant: time(before) <= moment < time(after).
    while (after - before > 1n) {
      const [timeBefore, timeAfter] = [this.times.get(before)!, this.times.get(after)!];
      const share = (moment - timeBefore) / Math.max(1, timeAfter - timeBefore);
      let guess = before + BigInt(Math.floor(Number(after - before) * share));
      guess = guess <= before ? before + 1n : guess >= after ? after - 1n : guess;
      const start = guess - 10n > before ? guess - 10n : before + 1n;
      await this.timeOf(start);
      // Every height of the run just read narrows the range, not only the guess.
      for (let height = start; height < after && this.times.has(height); height++) {
        if (this.times.get(height)! > moment) {
          after = height;
          break;
        }
        before = height;
      }
    }
    return after;
  }
}
