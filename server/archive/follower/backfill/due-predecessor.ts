import { UntrustedAnswerError } from '../../source/block-check.ts';
import type { FetchedBlock } from '../../source/rpc-reader.ts';
import type { OpenWork } from '../lane/open-work.ts';
import type { BlockClock } from './block-clock.ts';

// A backfill through the index reads a proposal's due block (the first after its voting end)
// where the node's headers put it, without reading the block before it. Headers carry no proof: a
// node that gives the block before an earlier time than its own (times still going forward) moves
// the voting end a block late, and the archive would record the decision there. So before a
// block is taken as due, the block before it is read in full (its time is part of its hash, and
// its hash is what the due block names as the one before it) and must say "not yet due".

/** Open proposals whose voting ended before `block` (the ones the follower will read there as due). */
export function endedBy(work: OpenWork, block: FetchedBlock): { id: string; endsAt: number }[] {
  const time = Date.parse(block.time);
  return work.openProposals().filter(({ endsAt }) => endsAt < time);
}

/**
 * Checks that `previous`, read in full, is the block before `due` and that its time agrees with
 * the headers searched and says that none of `ended` was due yet: else the due block is not the
 * first after their voting end, which is a fault of the node's headers, never data.
 */
export function checkDuePredecessor(
  clock: BlockClock,
  due: FetchedBlock,
  previous: FetchedBlock,
  ended: readonly { id: string; endsAt: number }[],
): void {
  if (previous.hash !== due.lastBlockHash)
    throw new UntrustedAnswerError(
      `block ${due.height} names ${due.lastBlockHash || '(none)'} as the block before it, but the node answers block ${previous.height} as ${previous.hash}`,
    );
  clock.confirm(previous.height, previous.time);
  const since = Date.parse(previous.time);
  const early = ended.find(({ endsAt }) => endsAt < since);
  if (early)
    throw new UntrustedAnswerError(
      `block ${due.height} is read as the first after proposal ${early.id}'s voting end (${new Date(early.endsAt).toISOString()}), yet block ${previous.height} before it is of ${previous.time}: the node's headers put the voting end late`,
    );
}
