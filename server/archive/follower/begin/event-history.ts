import type { ActivityIndex } from '../../source/activity-index.ts';
import type { FetchedBlock, RpcReader } from '../../source/rpc-reader.ts';
import { indexLeftOut } from '../backfill/index-check.ts';
import { ChainBreakError } from '../lane/chain-guard.ts';
import { decodeBlock, type BlockFacts } from '../tip/decode-block.ts';
import { decodeGroupSteps, type GroupStep } from './group-steps.ts';

// The blocks a pruned node keeps below its first kept state: their state is gone, but their
// transactions and events still prove votes, submissions, executions, withdrawals, prunes and
// some membership changes. Only the blocks where something happened are read when the node's
// index can say which (checked as a backfill checks it), else every block, several in flight.

/** What one block proves without its state. */
export interface HistoryBlock {
  height: bigint;
  time: string;
  facts: BlockFacts;
  steps: GroupStep[];
}

/** Blocks read side by side. */
const IN_FLIGHT = 16;
/** Heights read before the next are asked for: what is held in memory is what the blocks prove. */
const STRETCH = 1000;

function historyOf(block: FetchedBlock): HistoryBlock {
  return { height: block.height, time: block.time, facts: decodeBlock(block), steps: decodeGroupSteps(block) };
}

function* everyHeight(from: bigint, to: bigint): Generator<bigint> {
  for (let height = from; height <= to; height++) yield height;
}

/**
 * The heights of [from, to] that can hold anything: those the index names (and `to`, the block
 * the kept state follows), or all of them when the node keeps no index or its index left one out.
 */
async function activeHeights(rpc: RpcReader, index: ActivityIndex, range: { from: bigint; to: bigint }) {
  const named = await index.heights(range.from, range.to);
  if (named === null) return { heights: everyHeight(range.from, range.to), throughIndex: false };
  const leftOut = await indexLeftOut(rpc, range, new Set(named), index.sample);
  if (leftOut === null) return { heights: new Set([...named, range.to]), throughIndex: true };
  index.distrust(leftOut);
  return { heights: everyHeight(range.from, range.to), throughIndex: false };
}

/** A block read, decoded at once (the bytes are not kept), with what links it to the chain. */
interface ReadBlock {
  history: HistoryBlock;
  hash: string;
  lastBlockHash: string;
}

const readBlock = (block: FetchedBlock): ReadBlock => ({
  history: historyOf(block),
  hash: block.hash,
  lastBlockHash: block.lastBlockHash,
});

/** Reads the heights `inFlight` at a time, oldest first in the answer; the first failure stops the rest. */
async function readAll(rpc: RpcReader, heights: readonly bigint[], inFlight: number): Promise<ReadBlock[]> {
  let next = 0;
  const blocks: ReadBlock[] = [];
  let failed = false;
  const reader = async () => {
    while (next < heights.length && !failed) {
      const height = heights[next++];
      try {
        blocks.push(readBlock(await rpc.block(height)));
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, reader));
  return blocks.sort((a, b) => (a.history.height < b.history.height ? -1 : 1));
}

function* inStretches(heights: Iterable<bigint>, size: number): Generator<bigint[]> {
  let chunk: bigint[] = [];
  for (const height of heights) {
    chunk.push(height);
    if (chunk.length < size) continue;
    yield chunk;
    chunk = [];
  }
  if (chunk.length > 0) yield chunk;
}

/** Blocks read at consecutive heights must name each other: one chain, not answers pieced together. */
function brokenLink(blocks: readonly ReadBlock[]): string | null {
  for (const [position, block] of blocks.entries()) {
    const before = blocks[position - 1];
    if (!before || before.history.height !== block.history.height - 1n || block.lastBlockHash === before.hash) continue;
    return `block ${block.history.height} does not follow block ${before.history.height} as the node served it: the node changed while it was read`;
  }
  return null;
}

const provesAnything = ({ facts, steps }: HistoryBlock) =>
  steps.length > 0 ||
  facts.votes.length + facts.submitted.length + facts.executed.length + facts.withdrawn.length + facts.pruned.length >
    0;

/**
 * What the blocks of [from, to] prove, oldest first, ending with `kept`, the block of the first
 * kept state (its own transactions are facts as much as any), which `to` must lead to. Blocks
 * are read a stretch at a time and only those that prove something are kept.
 */
export async function readEventHistory(
  rpc: RpcReader,
  index: ActivityIndex,
  range: { from: bigint; to: bigint },
  kept: FetchedBlock,
  options: { inFlight?: number; log: (line: string) => void },
): Promise<HistoryBlock[]> {
  const { heights, throughIndex } = await activeHeights(rpc, index, range);
  const inFlight = options.inFlight ?? IN_FLIGHT;
  const proven: HistoryBlock[] = [];
  let previous: ReadBlock | null = null;
  let read = 0;
  for (const stretch of inStretches(heights, STRETCH)) {
    const blocks = await readAll(rpc, stretch, inFlight);
    const broken = brokenLink(previous ? [previous, ...blocks] : blocks);
    if (broken) throw new ChainBreakError(broken);
    previous = blocks[blocks.length - 1] ?? previous;
    for (const block of blocks) if (provesAnything(block.history)) proven.push(block.history);
    read += blocks.length;
    if (read % (STRETCH * 10) === 0)
      options.log(`archive: ${read} blocks read below the first kept state (${range.from}-${range.to})`);
  }
  const last = readBlock(kept);
  const broken = brokenLink(previous ? [previous, last] : [last]);
  if (broken) throw new ChainBreakError(broken);
  proven.push(last.history);
  const how = throughIndex ? `the ${read} where the node's index shows activity` : `all ${read}`;
  options.log(`archive: blocks ${range.from}-${range.to}, whose state the node pruned, read for their events: ${how}`);
  return proven;
}
