import type { FetchedBlock } from '../../source/rpc-reader.ts';
import type { StoreReader } from '../../store/archive-store.ts';
import { readMetaValue } from '../../store/cursor/cursor-reads.ts';
import { claimMetaValue } from '../../store/cursor/cursor-writes.ts';

// What makes the follower refuse a node: another chain under the archive, or blocks that do not
// follow the archived ones. Each check returns the problem in words, or null.

/** The chain id the archive holds, claimed by the first node it follows; checked once per run. */
export class ChainGuard {
  private confirmed: string | null = null;

  async problemWith(db: StoreReader, chainId: string): Promise<string | null> {
    if (this.confirmed === chainId) return null;
    const stored = (await claimMetaValue(db, 'chain_id', chainId)) ? chainId : await readMetaValue(db, 'chain_id');
    if (stored === chainId) {
      this.confirmed = chainId;
      return null;
    }
    return `the node serves chain ${chainId}, but this archive holds chain ${stored}`;
  }
}

/**
 * Blocks that do not follow the archived ones: nothing is merged, and the follower keeps asking,
 * since a node that answers falsely for a while (a forging proxy, a load balancer's wrong
 * backend) is told apart from a reset chain only by what it answers next. The status says why.
 */
export class ChainBreakError extends Error {}

/**
 * A block must follow the archived one; anything else is another chain under the same name. Only
 * a chain's first block names no block before it: one that names none after a known block is
 * forged (or its node lost its history) and is refused too.
 */
export function breakInChain(archivedHash: string, blocks: readonly FetchedBlock[]): string | null {
  let previous = archivedHash;
  for (const block of blocks) {
    if (previous !== '' && block.lastBlockHash !== previous) {
      return `block ${block.height} does not follow the archived block ${block.height - 1n}: the node changed under the archive`;
    }
    previous = block.hash;
  }
  return null;
}

/**
 * A block read must be the one the light client verified: a node serving honest headers beside
 * made-up blocks is refused before the block is merged. `vouched` null or undefined: not checked
 * (no proofs).
 */
export function refuseUnlessVouched(block: FetchedBlock, vouched: string | null | undefined): void {
  if (vouched === null || vouched === undefined || vouched === block.hash.toUpperCase()) return;
  throw new ChainBreakError(
    `block ${block.height} is answered under hash ${block.hash}, but the verified headers name ${vouched}: the node's blocks are not the chain its validators signed`,
  );
}
