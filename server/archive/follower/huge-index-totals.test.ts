import { afterAll, describe, expect, it } from 'vitest';

import { archiveDump, archivedUpTo, followNode } from '../../test/archive-harness.ts';
import { startFaultProxy } from '../../test/fault-proxy.ts';
import { startHarness } from '../../test/harness.ts';
import { handleArchive } from '../api/archive-http.ts';
import { ArchiveStore } from '../store/archive-store.ts';

// A node whose index claims 9e15 results for every search and answers every page full, inside
// the heights asked (the audit's index, paged for a minute and more while memory grew): the
// archive backfilling through it names the lie at its first page, pages no further, answers its
// API meanwhile, merges nothing it would not have merged from the honest node, and follows on
// once the index is honest again.

const MB = 1024 * 1024;
/** Issue #33's bounds on what a misbehaving node may cost. */
const RSS_GROWTH_LIMIT = 150 * MB;
const API_LIMIT_MS = 2000;
const HEAL_LIMIT_MS = 60_000;
/** The README's: a lying index is a problem at its first page, so well within one read's deadline. */
const PROBLEM_LIMIT_MS = 10_000;
/** How long the lie is kept up, the API asked all the while. */
const FAULT_MS = 8000;
/** Searches a few retries (backoff 0.5 s, 1 s, 2 s, 4 s) may ask: five a try, and a page each. */
const SEARCH_LIMIT = 60;
const LIE =
  /the node's (tx_search claims 9000000000000000 transactions|block_search claims 9000000000000000 blocks) between heights \d+ and \d+/;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.env.ARCHIVE_LOG && console.log(line);

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
    proxy.faults.hugeIndexTotals = true;
    const from = h.node.height - 250n;
    const reference = await followNode(h.base, ':memory:', undefined, { from });
    cleanups.push(() => reference.close());
    await archivedUpTo(reference, h.node.height);

    // Its database opened first: memory is counted from an archive that has started.
    const store = await ArchiveStore.open(':memory:');
    cleanups.push(() => store.close());
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    // Far enough behind to backfill through the index.
    const misled = await followNode(proxy.base, ':memory:', store.db, { from, sparseAbove: 50n });
    cleanups.push(() => misled.close());
    try {
      const started = Date.now();
      while (!LIE.test(misled.follower.state.problem ?? '') && Date.now() - started < 30_000) await pause(25);
      const toProblem = Date.now() - started;
      expect(misled.follower.state.problem).toMatch(LIE);
      expect(misled.follower.state.phase).toBe('retrying');
      expect(toProblem).toBeLessThan(PROBLEM_LIMIT_MS);

      // While the lie lasts: the API answers, and the index is not paged on.
      const searchesBefore = proxy.searches;
      let slowest = 0;
      for (const asked = Date.now(); Date.now() - asked < FAULT_MS; await pause(200)) {
        for (const path of ['status', 'proposals']) {
          const sent = Date.now();
          const answer = await handleArchive(misled, 'GET', path, '');
          slowest = Math.max(slowest, Date.now() - sent);
          expect(answer.status).toBe(200);
          if (path === 'status') expect((JSON.parse(answer.body) as { problem: string }).problem).toMatch(LIE);
        }
      }
      const searched = proxy.searches - searchesBefore;
      log(`problem after ${toProblem} ms; slowest API answer ${slowest} ms; ${searched} searches in ${FAULT_MS} ms`);
      expect(slowest).toBeLessThan(API_LIMIT_MS);
      expect(searched).toBeLessThan(SEARCH_LIMIT);
      // Nothing of the stretch was merged from the lie: the cursor stands where the archive began.
      const cursor = await misled.db.query<{ height: string }>('SELECT height::text AS height FROM archive_cursor');
      expect(BigInt(cursor[0]?.height ?? '0')).toBeLessThanOrEqual(from);
    } finally {
      clearInterval(sampler);
    }
    log(`RSS grew ${Math.round((peak - before) / MB)} MB at most`);
    expect(peak - before).toBeLessThan(RSS_GROWTH_LIMIT);

    proxy.faults.hugeIndexTotals = false;
    const healed = Date.now();
    await archivedUpTo(misled, h.node.height, HEAL_LIMIT_MS);
    while (misled.follower.state.problem !== null && Date.now() - healed < HEAL_LIMIT_MS) await pause(25);
    log(`followed again ${Date.now() - healed} ms after the index was honest`);
    expect(misled.follower.state.problem).toBeNull();
    expect(Date.now() - healed).toBeLessThan(HEAL_LIMIT_MS);
    expect(await archiveDump(misled)).toBe(await archiveDump(reference));
  }, 180_000);
});
