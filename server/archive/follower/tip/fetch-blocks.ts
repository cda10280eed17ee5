import type { RestReader } from '../../source/rest-reader.ts';
import type { FetchedBlock, RpcReader } from '../../source/rpc-reader.ts';
import { decodeBlock, type BlockFacts } from './decode-block.ts';
import { readNamed, type BlockReads } from './named-reads.ts';

// The first step of a block height's walk: its block fetched from the node, decoded, and the
// reads of what it names started at once. They depend on nothing archived, so the next batch is
// prepared while the current one is written.

/** A fetched block, decoded, with the reads of what it names already under way. */
export interface PreparedBlock {
  block: FetchedBlock;
  facts: BlockFacts;
  reads: Promise<{ value: BlockReads; error: null } | { value: null; error: unknown }>;
}

/** Decodes a block and starts its own reads. */
export function prepareBlock(rest: RestReader, block: FetchedBlock): PreparedBlock {
  const facts = decodeBlock(block);
  const reads = readNamed(rest, block, facts).then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error }),
  );
  return { block, facts, reads };
}

/** `count` consecutive blocks from `from`, fetched side by side, each prepared. */
export async function fetchBlocks(
  rpc: RpcReader,
  rest: RestReader,
  from: bigint,
  count: number,
): Promise<PreparedBlock[]> {
  const blocks = await Promise.all(Array.from({ length: count }, (_, index) => rpc.block(from + BigInt(index))));
  return blocks.map((block) => prepareBlock(rest, block));
}
