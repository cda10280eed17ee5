import { describe, expect, it } from 'vitest';

import { UntrustedAnswerError } from '../../source/block-check.ts';
import { BlockClock } from './block-clock.ts';

// The header times a backfill searches for voting ends come with no proof: the clock holds them to
// what CometBFT guarantees (they only grow with height) and to the blocks read in full.

const START = Date.parse('2026-11-01T12:00:00Z');
/** A block every 3 s from height 1. */
const honest = (height: bigint) => new Date(START + Number(height - 1n) * 3000).toISOString();

/** A node's `/blockchain`: each height's time from `timeAt`, answered highest first as CometBFT does. */
const headers = (timeAt: (height: bigint) => string) => ({
  blockTimes: async (min: bigint, max: bigint) => {
    const times = new Map<bigint, string>();
    for (let height = max; height >= min; height--) times.set(height, timeAt(height));
    return times;
  },
});

describe('the block clock', () => {
  it('finds the first block after a moment from honest headers', async () => {
    const clock = new BlockClock(headers(honest), 1000n);
    expect(await clock.firstAfter(Date.parse(honest(500n)) + 1, 1n, 1000n)).toBe(501n);
  });

  it('refuses headers whose times go backwards within one answer', async () => {
    // Block 505 is said to be 45 s older than it is: earlier than 504.
    const lying = headers((height) => (height === 505n ? honest(490n) : honest(height)));
    const clock = new BlockClock(lying, 1000n);
    const search = clock.firstAfter(Date.parse(honest(500n)) + 1, 1n, 1000n);
    await expect(search).rejects.toThrow(UntrustedAnswerError);
    await expect(new BlockClock(lying, 1000n).timeOf(500n)).rejects.toThrow(
      /^the node's headers go back in time: block 505 is of 2026-11-01T12:24:27\.000Z, before block 504 of 2026-11-01T12:25:09\.000Z$/,
    );
  });

  it('refuses headers going backwards across answers, and a header its block contradicts', async () => {
    let shift = 0;
    const clock = new BlockClock(
      headers((height) => new Date(Date.parse(honest(height)) - shift).toISOString()),
      1000n,
    );
    await clock.timeOf(100n);
    // A later answer puts its blocks a minute earlier: its blocks before block 119 of the first.
    shift = 60_000;
    await expect(clock.timeOf(120n)).rejects.toThrow(/go back in time: block 1[23]\d is of .*, before block 119 of /);
    expect(() => clock.confirm(105n, honest(106n))).toThrow(
      /^the node's headers give block 105 the time 2026-11-01T12:05:12\.000Z, its block says 2026-11-01T12:05:15\.000Z$/,
    );
    expect(() => clock.confirm(105n, honest(105n))).not.toThrow();
  });
});
