import { afterAll, describe, expect, it } from 'vitest';

import { archiveDump, archivedUpTo, followNode, type TestArchive } from '../../test/archive-harness.ts';
import { startFaultProxy } from '../../test/fault-proxy.ts';
import { startHarness } from '../../test/harness.ts';

// Header times that never go back but give every odd block an earlier time than its own, by one
// block interval: searched by those headers, the first block after a proposal's voting end can
// look as if it came before it, and the block after it is taken for the due block (the audit saw
// voting ends recorded a block or more late). A backfill through the index reads the block
// before each due block in full: it must say its proposals were not yet due.

const BLOCK_MS = 3000;
const PROBLEM =
  /headers give block \d+ the time .*, its block says|is read as the first after proposal \d+'s voting end/;

const votingEnds = (archive: TestArchive) =>
  archive.db.query<{ row: string }>(
    `SELECT proposal_id || '@' || height || ' ' || block_time AS row FROM proposal_timeline WHERE kind = 'voting_ended'`,
  );

const cursorOf = async (archive: TestArchive) => {
  const rows = await archive.db.query<{ height: string }>('SELECT height::text AS height FROM archive_cursor');
  return BigInt(rows[0]?.height ?? '0');
};

describe('an archive backfilling behind header times that put voting ends late', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('takes them for a fault, records no voting end late, and ends equal once they are true', async () => {
    const h = await startHarness({ seed: 'late-voting-end', livePeriodS: 30, keepRecent: 2000, keepBlocks: 2000 });
    cleanups.push(() => h.close());
    h.node.advance(300, BLOCK_MS);
    const proxy = await startFaultProxy(h.base);
    cleanups.push(() => proxy.close());
    proxy.faults.oddTimesEarlierMs = BLOCK_MS;
    const from = h.node.height - 250n;
    const reference = await followNode(h.base, ':memory:', undefined, { from });
    cleanups.push(() => reference.close());
    // Far enough behind to search headers for the blocks where proposals' voting ends.
    const misled = await followNode(proxy.base, ':memory:', undefined, { from, sparseAbove: 50n });
    cleanups.push(() => misled.close());
    await archivedUpTo(reference, h.node.height);
    // Until the lie is named, or the archive has read past it all without naming it.
    const since = Date.now();
    const caughtUp = async () => (await cursorOf(misled)) >= h.node.height;
    while (!PROBLEM.test(misled.follower.state.problem ?? '') && !(await caughtUp()) && Date.now() - since < 60_000)
      await new Promise((resolve) => setTimeout(resolve, 25));

    // Whatever was merged meanwhile is true: every voting end at the height and time the chain has it.
    const truth = new Set((await votingEnds(reference)).map(({ row }) => row));
    expect(truth.size).toBeGreaterThan(0);
    for (const { row } of await votingEnds(misled)) expect(truth).toContain(row);
    expect(misled.follower.state.problem).toMatch(PROBLEM);
    proxy.faults.oddTimesEarlierMs = 0;
    await archivedUpTo(misled, h.node.height, 120_000);
    expect(await archiveDump(misled)).toBe(await archiveDump(reference));
  }, 240_000);
});
