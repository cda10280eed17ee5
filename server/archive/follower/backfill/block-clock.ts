import { UntrustedAnswerError } from '../../source/block-check.ts';
import type { RpcReader } from '../../source/rpc-reader.ts';

/**
 * Block times from headers alone (20 a request), to find the first block after a moment without
 * reading every block: block times only grow with height, so a binary search finds it. The node's
 * headers (`/blockchain`) carry no proof, so they are held to that: a time that goes backwards, or
 * one a block read in full contradicts, is a fault (retried, never searched by), not a place to
 * put a proposal's voting end.
 */
export class BlockClock {
  private readonly times = new Map<bigint, number>();
  /** The heights in `times`, in order: each new one is checked against its neighbours. */
  private readonly ordered: bigint[] = [];

  constructor(
    private readonly rpc: Pick<RpcReader, 'blockTimes'>,
    /** The highest height asked about: headers are read in runs that never pass it. */
    private readonly top: bigint,
  ) {}

  /** Milliseconds, as the follower compares a block's time with a voting end. */
  async timeOf(height: bigint): Promise<number> {
    const known = this.times.get(height);
    if (known !== undefined) return known;
    const last = height + 19n < this.top ? height + 19n : this.top;
    const run = await this.rpc.blockTimes(height, last);
    for (const [at, time] of run) this.learn(at, Date.parse(time));
    const time = this.times.get(height);
    if (time === undefined) throw new Error(`the node answered no header for height ${height}`);
    return time;
  }

  /**
   * A block read in full (its time is part of the hash it is checked by): the header time the
   * search used for it, if any, must be the same.
   */
  confirm(height: bigint, blockTime: string): void {
    const time = Date.parse(blockTime);
    const searched = this.times.get(height);
    if (searched !== undefined && searched !== time)
      throw new UntrustedAnswerError(
        `the node's headers give block ${height} the time ${iso(searched)}, its block says ${blockTime}`,
      );
    this.learn(height, time);
  }

  /** Records a block's time, checking it against the nearest known blocks below and above. */
  private learn(height: bigint, time: number): void {
    const known = this.times.get(height);
    if (known !== undefined) {
      if (known !== time)
        throw new UntrustedAnswerError(
          `the node's headers give block ${height} two times: ${iso(known)} and ${iso(time)}`,
        );
      return;
    }
    const place = this.placeOf(height);
    const [below, above] = [this.ordered[place - 1], this.ordered[place]];
    if (below !== undefined && this.times.get(below)! > time)
      throw backwards(height, time, below, this.times.get(below)!);
    if (above !== undefined && this.times.get(above)! < time)
      throw backwards(above, this.times.get(above)!, height, time);
    this.ordered.splice(place, 0, height);
    this.times.set(height, time);
  }

  /** Where `height` goes among the known heights (a binary search: a long stretch knows thousands). */
  private placeOf(height: bigint): number {
    let [low, high] = [0, this.ordered.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.ordered[middle] < height) low = middle + 1;
      else high = middle;
    }
    return low;
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

const iso = (time: number) => new Date(time).toISOString();

/** CometBFT's block times only grow with height: a later block of an earlier time is a lie. */
const backwards = (higher: bigint, higherTime: number, lower: bigint, lowerTime: number) =>
  new UntrustedAnswerError(
    `the node's headers go back in time: block ${higher} is of ${iso(higherTime)}, before block ${lower} of ${iso(lowerTime)}`,
  );
