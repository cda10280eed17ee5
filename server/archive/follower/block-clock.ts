import type { RpcReader } from '../source/rpc-reader.ts';

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

  /** The first height in [from, to] whose block time is after `moment`; null when none is. */
  async firstAfter(moment: number, from: bigint, to: bigint): Promise<bigint | null> {
    if (from > to || (await this.timeOf(to)) <= moment) return null;
    if ((await this.timeOf(from)) > moment) return from;
    let [before, after] = [from, to];
    while (after - before > 1n) {
      const middle = (before + after) / 2n;
      if ((await this.timeOf(middle)) > moment) after = middle;
      else before = middle;
    }
    return after;
  }
}
