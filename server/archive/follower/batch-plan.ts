import type { NodeProposal, RestReader } from '../source/rest-reader.ts';
import type { FetchedBlock } from '../source/rpc-reader.ts';
import { readDue, readNamed, type BlockReads, type ForecastReads } from './block-reads.ts';
import { decodeBlock, type BlockFacts } from './decode-block.ts';
import type { OpenWork } from './open-work.ts';

// Planning a batch's reads: every block's own reads start at once, the reads of what will come
// due are forecast and started ahead, and the blocks are then finished in order.

/** A fetched block, decoded, with the reads of what it names already under way. */
export interface PreparedBlock {
  block: FetchedBlock;
  facts: BlockFacts;
  reads: Promise<{ value: BlockReads; error: null } | { value: null; error: unknown }>;
}

/** Consecutive blocks with everything they need read; `reads` is null for a block the node pruned. */
export type PlannedBlocks = { block: FetchedBlock; facts: BlockFacts; reads: BlockReads | null }[];

/**
 * Decodes blocks and starts their own reads at once (the batch bounds them). They depend on
 * nothing archived, so the follower prepares the next batch while the current one is written.
 */
export function prepareBlocks(rest: RestReader, blocks: readonly FetchedBlock[]): PreparedBlock[] {
  return blocks.map((block) => {
    const facts = decodeBlock(block);
    const reads = readNamed(rest, block, facts).then(
      (value) => ({ value, error: null }),
      (error: unknown) => ({ value: null, error }),
    );
    return { block, facts, reads };
  });
}

/**
 * Starts, all at once, the reads of the proposals the work list expects to come due within these
 * blocks. A read at a height is that height's answer whatever happens after, so a forecast that
 * turns out wrong costs a read, never a wrong record.
 */
export function forecastReads(rest: RestReader, work: OpenWork, decoded: readonly PreparedBlock[]): ForecastReads {
  const forecast = new Map<string, Promise<NodeProposal | null>>();
  for (const [id, height] of work.forecast(
    decoded.map(({ block, facts }) => ({ ...block, policies: facts.policies })),
  )) {
    const read = rest.proposal(id, height);
    read.catch(() => undefined);
    forecast.set(`${id}@${height}`, read);
  }
  return forecast;
}

/** Keeps the in-memory work list in step with what a block showed. */
function notice(work: OpenWork, facts: BlockFacts, reads: BlockReads): void {
  for (const proposal of reads.proposals.values()) if (proposal) work.saw(proposal);
  for (const fact of facts.pruned) work.gone(fact.proposalId);
  for (const upgrade of reads.applied) work.applied(upgrade.name);
  const plan = reads.plan;
  if (!plan) return;
  // One plan is scheduled at a time: any other the archive holds as scheduled was cancelled,
  // or replaced by this one.
  for (const pending of work.pendingPlans()) {
    if (pending.name === plan.current?.name) continue;
    plan.cancelled.push(pending.name);
    work.applied(pending.name);
  }
  const known = work.pendingPlans().find((pending) => pending.name === plan.current?.name);
  if (plan.current && (known?.height !== plan.current.height || known.info !== plan.current.info)) {
    plan.scheduled = plan.current;
    work.scheduled(plan.current);
  }
}

const isPruned = (error: unknown) => error instanceof Error && 'pruned' in error && error.pruned === true;

/**
 * Finishes the reads of consecutive blocks, in order (what comes due depends on the blocks
 * before), and brings the work list up to the last of them. A block whose state the node has
 * pruned is kept for a gap; a failed read ends the run there (what was read is still good) and
 * is thrown only when no block was read.
 */
export async function readBlocks(
  rest: RestReader,
  work: OpenWork,
  decoded: readonly PreparedBlock[],
  forecast: ForecastReads,
): Promise<PlannedBlocks> {
  const planned: PlannedBlocks = [];
  for (const { block, facts, reads } of decoded) {
    try {
      const read = await reads;
      if (!read.value) throw read.error;
      await readDue(work, rest, block, facts, read.value, forecast);
      notice(work, facts, read.value);
      planned.push({ block, facts, reads: read.value });
    } catch (error) {
      if (!isPruned(error)) {
        if (planned.length === 0) throw error;
        break;
      }
      planned.push({ block, facts, reads: null });
    }
  }
  return planned;
}
