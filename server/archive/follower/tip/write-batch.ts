import type { ArchiveStore } from '../../store/archive-store.ts';
import { BatchRows } from '../../store/batch-rows.ts';
import { recordGap, setCursor } from '../../store/cursor/cursor-writes.ts';
import { loadProposalStates } from '../../store/proposals/proposal-writes.ts';
import type { OpenWork } from '../lane/open-work.ts';
import type { PlannedBlocks } from './due-reads.ts';
import { settlePending, writeBlock, type BatchWrites } from './write-block.ts';

// Writing what a batch of blocks proved: one transaction with the cursor, votes first, then
// each block in order (write-block.ts), and the weights of what the batch tallied.

/**
 * Writes read blocks in one transaction with the cursor, so the archive holds whole blocks only
 * and resumes after the last one committed. A block whose state the node pruned becomes a gap.
 */
export async function writeBlocks(store: ArchiveStore, work: OpenWork, planned: PlannedBlocks): Promise<void> {
  const touched = new Set<string>();
  for (const { facts, reads } of planned) {
    for (const fact of facts.submitted) touched.add(fact.proposalId);
    for (const fact of facts.pruned) touched.add(fact.proposalId);
    for (const id of reads?.proposals.keys() ?? []) touched.add(id);
  }
  await store.write(async (tx) => {
    const batch: BatchWrites = {
      tx,
      work,
      rows: new BatchRows(),
      proposals: await loadProposalStates(tx, [...touched]),
      settle: new Set(),
    };
    // Votes go in first: weights are settled on them when a proposal is tallied later in the
    // batch (a vote never follows its proposal's tally, so no later vote is missed).
    for (const { block, facts } of planned)
      for (const vote of facts.votes) batch.rows.votes.add(vote, block.height, block.time);
    await batch.rows.votes.flush(tx);
    for (const entry of planned) {
      if (entry.reads === null) {
        await recordGap(tx, entry.block.height, entry.block.height, entry.missing);
        continue;
      }
      await writeBlock(batch, entry.block, entry.facts, entry.reads);
    }
    await settlePending(batch);
    await batch.rows.flush(tx);
    const last = planned[planned.length - 1].block;
    await setCursor(tx, last.height, last.hash, last.time);
  });
}
