import { afterAll, describe, expect, it } from 'vitest';

import { backfillStage, expectFaultRound } from '../../test/fault-round.ts';

// A node whose index claims 9e15 results for every search and answers every page full, inside
// the heights asked (the audit's index, paged for a minute and more while memory grew): the
// archive backfilling through it names the lie at its first page, pages no further, answers its
// API meanwhile, merges nothing it would not have merged from the honest node, and follows on
// once the index is honest again.

/** docs/archive.md's: a lying index is a problem at its first page, so well within one read's deadline. */
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
    const { harness, proxy, from, reference, misled } = await backfillStage('huge-index-totals', cleanups);
    const figures = await expectFaultRound({
      harness,
      proxy,
      // Far enough behind to backfill through the index, from its first read.
      archive: () => misled(),
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
