import type { FollowerState } from '../follower/lane/follower-state.ts';

// The status's progress lines: the range a backfill is filling, and a gap fill's, each with how far
// it got and when it should be done at the rate of the last seconds.

/**
 * How far a range [from, to] got when `reached` is the last height done (null: none yet), and when
 * the rest should be done at `rate` blocks a second (none while the rate is 0). The backfill and a gap
 * fill both say their progress this way.
 */
function progressOf(from: bigint, to: bigint, reached: bigint | null, rate: number) {
  const done = reached === null || reached < from ? 0n : reached - from + 1n;
  const total = to - from + 1n;
  const left = total > done ? total - done : 0n;
  return { done, total, etaSeconds: rate > 0 ? Math.ceil(Number(left) / rate) : null };
}

/** The range being filled, how far it got, and when it should be done at the rate of the last seconds. */
export function backfillJson(state: FollowerState, latest: string | null) {
  if (!state.backfill || latest === null) return null;
  const { fromHeight, toHeight } = state.backfill;
  const { done, total, etaSeconds } = progressOf(fromHeight, toHeight, BigInt(latest), state.blocksPerSecond);
  return {
    from_height: String(fromHeight),
    to_height: String(toHeight),
    done_blocks: String(done),
    total_blocks: String(total),
    eta_seconds: etaSeconds,
  };
}

export function fillJson(state: FollowerState) {
  if (!state.fill) return null;
  const { fromHeight, toHeight, doneHeight, phase, blocksPerSecond } = state.fill;
  const { done, total, etaSeconds } = progressOf(fromHeight, toHeight, doneHeight, blocksPerSecond);
  return {
    phase,
    from_height: String(fromHeight),
    to_height: String(toHeight),
    done_blocks: String(done > total ? total : done),
    total_blocks: String(total),
    eta_seconds: etaSeconds,
  };
}
