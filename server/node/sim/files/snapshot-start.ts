import { partsHash, type PriorBlock } from '../../chain/block-header.ts';
import type { BlockRecord } from '../../chain/block.ts';
import { makeCommit } from '../../consensus/commit.ts';
import { EMPTY_LIST_HASH } from '../../consensus/results-hash.ts';
import { decodeBlockWindow } from './block-window.ts';
import type { Snapshot } from './snapshot-file.ts';

// What a node started from a snapshot takes from it beside the state: the block the next one
// follows, and the blocks that were kept below it.

/** The block the first block made now follows: none (a genesis), or a snapshot's. */
export function priorAtStart(
  chain: { params: { seed: string }; chainId: string },
  snapshot: Snapshot | null,
  appHash: string,
): PriorBlock {
  const tipHash = snapshot?.blockHash ?? '';
  if (!snapshot || tipHash === '') return { appHash, resultsHash: EMPTY_LIST_HASH, commit: null };
  const blockId = { hash: tipHash, partsTotal: 1, partsHash: partsHash(tipHash) };
  return {
    appHash,
    resultsHash: snapshot.resultsHash ?? EMPTY_LIST_HASH,
    commit: makeCommit(chain.params.seed, chain.chainId, snapshot.height, blockId, snapshot.time),
  };
}

/** The blocks kept when the snapshot was written, up to its own (none when the window is not its). */
export function windowBelow(snapshot: Snapshot, windowText: string | null): BlockRecord[] {
  if (!windowText || !snapshot.blockHash) return [];
  const blocks = decodeBlockWindow(windowText, snapshot.height, snapshot.blockHash);
  if (blocks) return blocks;
  console.warn("blocks-window.json does not end at the snapshot's block: the blocks below it are not served");
  return [];
}
