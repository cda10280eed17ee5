import { instant } from '../../lib/time.ts';

// How long a block takes, from the best evidence at hand, and the words that say which evidence
// it was. The median of consecutive intervals is preferred over a mean: one slow block (a
// restart, an upgrade's halt) drags a mean far from the pace the next blocks will keep.

/** A block's height and the time in its header, as the chain wrote them (RFC 3339). */
export interface BlockStamp {
  height: string;
  time: string;
}

/** What a live view assumes when it has read no block time at all (a common Cosmos pace). */
export const ASSUMED_BLOCK_MS = 5000;

export interface MedianBlockTime {
  msPerBlock: number;
  /** How many blocks' times it was taken from. */
  blocks: number;
}

/**
 * The median time per block between consecutive stamps (in height order, each interval divided
 * by the blocks it spans when some are missing), or null with fewer than two usable stamps.
 */
export function medianBlockMs(stamps: readonly BlockStamp[]): MedianBlockTime | null {
  const byHeight = new Map<bigint, number>();
  for (const stamp of stamps) {
    const at = instant(stamp.time)?.getTime();
    if (at !== undefined && /^\d+$/.test(stamp.height)) byHeight.set(BigInt(stamp.height), at);
  }
  const ordered = [...byHeight].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const intervals: number[] = [];
  for (let index = 1; index < ordered.length; index++) {
    const [height, at] = ordered[index];
    const [previousHeight, previousAt] = ordered[index - 1];
    const ms = (at - previousAt) / Number(height - previousHeight);
    if (ms > 0) intervals.push(ms);
  }
  if (intervals.length === 0) return null;
  intervals.sort((a, b) => a - b);
  const middle = Math.floor(intervals.length / 2);
  const msPerBlock = intervals.length % 2 ? intervals[middle] : (intervals[middle - 1] + intervals[middle]) / 2;
  return { msPerBlock, blocks: ordered.length };
}

export type BlockEstimate =
  | { basis: 'median'; msPerBlock: number; blocks: number }
  | { basis: 'archive-rate' | 'observed' | 'assumed'; msPerBlock: number; tooFewBlocks?: boolean };

export interface BlockTimeHints {
  /** Measured from block headers (the node's REST block service or its CometBFT RPC). */
  median: MedianBlockTime | null;
  /** From the heights this page's answers carried and when they arrived. */
  observedMs: number | null;
  /** The archive's recent rate while it follows the chain block by block. */
  archiveBlocksPerSecond: number | null;
  /** The node serves block times but has made too few blocks to measure yet (a chain just started). */
  tooFewBlocks?: boolean;
}

/**
 * The best estimate the hints allow: block times, then what the page saw, then the archive's
 * rate, then a guess. The archive counts blocks per one-second window, so on a chain slower than
 * a block a second its rate jumps between 0 and 1: the coarsest hint, used only without the others.
 */
export function chooseBlockEstimate(hints: BlockTimeHints): BlockEstimate {
  const { median, archiveBlocksPerSecond, observedMs } = hints;
  if (median) return { basis: 'median', msPerBlock: median.msPerBlock, blocks: median.blocks };
  const tooFewBlocks = hints.tooFewBlocks === true;
  if (observedMs !== null && observedMs > 0) return { basis: 'observed', msPerBlock: observedMs, tooFewBlocks };
  if (archiveBlocksPerSecond !== null && archiveBlocksPerSecond > 0)
    return { basis: 'archive-rate', msPerBlock: 1000 / archiveBlocksPerSecond, tooFewBlocks };
  return { basis: 'assumed', msPerBlock: ASSUMED_BLOCK_MS, tooFewBlocks };
}

/** "2.0" for 2 s, "0.50" for half a second, "12" for twelve: about two significant digits. */
export function secondsText(ms: number): string {
  const seconds = ms / 1000;
  return seconds.toFixed(seconds < 1 ? 2 : seconds < 10 ? 1 : 0);
}

/** "2.0 s per block, median of the last 20 blocks": the pace and how it was found. */
export function describeBlockEstimate(estimate: BlockEstimate): string {
  const pace = `${secondsText(estimate.msPerBlock)} s per block`;
  if (estimate.basis === 'median') return `${pace}, median of the last ${estimate.blocks} blocks`;
  const why = estimate.tooFewBlocks ? 'too few blocks yet to measure' : 'this node serves no block times';
  switch (estimate.basis) {
    case 'archive-rate':
      return `${pace}, from the archive’s recent block rate (${why})`;
    case 'observed':
      return `${pace}, from the heights this page has seen (${why})`;
    case 'assumed':
      return `${pace}, assumed: ${why}`;
  }
}
