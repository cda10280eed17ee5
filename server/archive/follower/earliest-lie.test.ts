import { afterAll, describe, expect, it } from 'vitest';

import { archivedUpTo, followNode } from '../../test/archive-harness.ts';
import { startFaultProxy } from '../../test/fault-proxy.ts';
import { startHarness } from '../../test/harness.ts';

// A node that says for a few seconds that its earliest block is its latest (a load balancer's
// other backend, a node restarting) while it still serves every block: the heights it keeps are
// never recorded as a pruned gap. The audit saw 1,761 real heights filed as "pruned" by a
// 6-second lie, and filled again 30 s later.

describe('an archive behind a node that lies about its earliest block', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('records no gap, says why it waits, and follows on once the node is honest', async () => {
    const h = await startHarness({ seed: 'earliest-lie', livePeriodS: 30, keepRecent: 1000, keepBlocks: 1000 });
    cleanups.push(() => h.close());
    h.node.advance(1, 3000);
    const proxy = await startFaultProxy(h.base);
    cleanups.push(() => proxy.close());
    const archive = await followNode(proxy.base, ':memory:');
    cleanups.push(() => archive.close());
    await archivedUpTo(archive, h.node.height);
    // The heights before the archive began are a gap from the start; no other may appear.
    const gapsBefore = await archive.db.query('SELECT * FROM archive_gaps ORDER BY 1');

    proxy.faults.earliestIsLatest = true;
    h.node.advance(6, 3000);
    const since = Date.now();
    while (archive.follower.state.problem === null && Date.now() - since < 20_000)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(archive.follower.state.problem).toMatch(/says its earliest block is \d+, yet it serves block \d+/);

    proxy.faults.earliestIsLatest = false;
    h.node.advance(2, 3000);
    await archivedUpTo(archive, h.node.height, 60_000);
    expect(await archive.db.query('SELECT * FROM archive_gaps ORDER BY 1')).toEqual(gapsBefore);
  }, 120_000);
});
