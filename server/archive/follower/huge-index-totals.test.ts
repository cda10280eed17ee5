import { afterAll, describe, expect, it } from 'vitest';

import { archivedUpTo, followNode } from '../../test/archive-harness.ts';
import { startFaultProxy } from '../../test/fault-proxy.ts';
import { expectFaultRound } from '../../test/fault-round.ts';
import { startHarness } from '../../test/harness.ts';
import { ArchiveStore } from '../store/archive-store.ts';

// A node whose index claims 9e15 results for every search and answers every page full, inside
// the heights asked (the audit's index, paged for a minute and more while memory grew): the
// archive backfilling through it names the lie at its first page, pages no further, answers its
// API meanwhile, merges nothing it would not have merged from the honest node, and follows on
// once the index is honest again.

/** The README's: a lying index is a problem at its first page, so well within one read's deadline. */
const PROBLEM_LIMIT_MS = 10_000;
/** How long the lie is kept up once named, the API asked all the while. */
const FAULT_MS = 8000;
/** Searches a few retries (backoff 0.5 s, 1 s, 2 s, 4 s) may ask: five a try, and a page each. */
const SEARCH_LIMIT = 60;
const LIE =
  /the node's (tx_search claims 9000000000000000 transactions|block_search claims 9000000000000000 blocks) between heights \d+ and \d+/;

describe('an archive backfilling through an index that claims 9e15 results', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('names the lie, pages no further, answers its API, merges nothing wrong, and heals', async () => {
    const h = await startHarness({ seed: 'huge-index-totals', livePeriodS: 30, keepRecent: 2000, keepBlocks: 2000 });
    cleanups.push(() => h.close());
    h.node.advance(300, 3000);
    const proxy = await startFaultProxy(h.base);
    cleanups.push(() => proxy.close());
    const from = h.node.height - 250n;
    const reference = await followNode(h.base, ':memory:', undefined, { from });
    cleanups.push(() => reference.close());
    await archivedUpTo(reference, h.node.height);

    // Its database opened first: memory is counted from an archive that has started.
    const store = await ArchiveStore.open(':memory:');
    cleanups.push(() => store.close());
    const figures = await expectFaultRound({
      harness: h,
      proxy,
      // Far enough behind to backfill through the index, from its first read.
      archive: async () => {
        const misled = await followNode(proxy.base, ':memory:', store.db, { from, sparseAbove: 50n });
        cleanups.push(() => misled.close());
        return misled;
      },
      reference,
      fault: 'hugeIndexTotals',
      problem: LIE,
      problemWithinMs: PROBLEM_LIMIT_MS,
      faultMs: FAULT_MS,
    });
    // While the lie lasts the index is not paged on, and nothing of the stretch is merged from
    // it: the cursor stands where the archive began.
    expect(figures.searchesWhileShown).toBeLessThan(SEARCH_LIMIT);
    expect(figures.cursorAtHealing ?? 0n).toBeLessThanOrEqual(from);
  }, 180_000);
});
