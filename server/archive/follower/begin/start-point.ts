import type { RestReader } from '../../source/rest-reader.ts';
import type { NodeStatus } from '../../source/rpc-reader.ts';
import type { ArchiveFrom } from '../lane/follower-state.ts';

// Where a new archive begins: the node's earliest block (the default), the chain's genesis, a
// height, or the latest block. Heights before the start, and heights whose blocks the node keeps
// but whose state it has pruned, are recorded as gaps with what happened to them (the latter
// still give the archive what their events prove).

/** `earliest`, `genesis`, `latest` or a height: what `--archive-from` takes. */
export function parseArchiveFrom(text: string): ArchiveFrom {
  if (text === 'earliest' || text === 'genesis' || text === 'latest') return text;
  if (/^[1-9]\d{0,19}$/.test(text) && BigInt(text) <= 9223372036854775807n) return BigInt(text);
  throw new Error(
    `--archive-from takes earliest, genesis, latest or a height (a whole number from 1), not ${JSON.stringify(text)}`,
  );
}

export interface GapPlan {
  from: bigint;
  to: bigint;
  reason: string;
}

export type StartPoint =
  | {
      kind: 'state';
      height: bigint;
      gaps: GapPlan[];
      /** Blocks the node keeps below the state it starts from: read for what their events prove. */
      prunedBlocks: { from: bigint; to: bigint } | null;
    }
  | { kind: 'genesis' }
  | { kind: 'refused'; problem: string };

/** What blocks whose state was pruned give the archive, and what they cannot, in one sentence. */
export const prunedStateReason = (from: bigint, to: bigint) =>
  `blocks ${from}-${to} are on the node but their state was pruned: their votes, submissions, executions, withdrawals, prunes and the membership changes their messages show were taken from their transactions and events, but decisions at voting end, vote weights, upgrades and all else read from state are not confirmed`;

/**
 * The lowest height at or above `from` whose state the node keeps. Kept states form one range
 * ending at the tip (a node prunes from below), so a binary search finds it in a few reads.
 */
async function lowestKeptState(rest: RestReader, from: bigint, to: bigint): Promise<bigint | null> {
  if (await rest.hasStateAt(from)) return from;
  if (!(await rest.hasStateAt(to))) return null;
  let [missing, kept] = [from, to];
  while (kept - missing > 1n) {
    const middle = (missing + kept) / 2n;
    if (await rest.hasStateAt(middle)) kept = middle;
    else missing = middle;
  }
  return kept;
}

export async function findStart(from: ArchiveFrom, status: NodeStatus, rest: RestReader): Promise<StartPoint> {
  if (from === 'genesis') return { kind: 'genesis' };
  const { earliestHeight: earliest, latestHeight: latest } = status;
  const start = from === 'earliest' ? earliest : from === 'latest' ? latest : from;
  if (start < earliest) {
    return {
      kind: 'refused',
      problem: `--archive-from ${start} is below the node's earliest block ${earliest}: this node no longer has those heights (point the archive at a node that keeps them, or start from ${earliest})`,
    };
  }
  if (start > latest) {
    return {
      kind: 'refused',
      problem: `--archive-from ${start} is above the node's latest block ${latest}`,
    };
  }
  const height = await lowestKeptState(rest, start, latest);
  if (height === null)
    return {
      kind: 'refused',
      problem: `the node keeps no state to start from (not even at its latest block ${latest})`,
    };
  const gaps: GapPlan[] = [];
  if (start > 1n) {
    const reason =
      from === 'latest'
        ? `before the archive started: the state at ${height} is where it begins`
        : `before height ${start}, where the archive was asked to start (the node's earliest block is ${earliest})`;
    gaps.push({ from: 1n, to: start - 1n, reason });
  }
  if (height === start) return { kind: 'state', height, gaps, prunedBlocks: null };
  const prunedBlocks = { from: start, to: height - 1n };
  gaps.push({ ...prunedBlocks, reason: prunedStateReason(prunedBlocks.from, prunedBlocks.to) });
  return { kind: 'state', height, gaps, prunedBlocks };
}
