import { afterAll, describe, expect, it } from 'vitest';

import { archivedUpTo, followNode } from '../../test/archive-harness.ts';
import { startFaultProxy } from '../../test/fault-proxy.ts';
import { startHarness } from '../../test/harness.ts';

// A node that stops answering is a `problem` in the archive's status within the reads' deadline:
// each read from the node, its retries included, ends by then. The bound docs/archive.md gives (silent for
// 30 s: a problem by 40 s) is this with the default 30 s deadline; here the deadline is shortened
// to 2 s. A node that drips its answers, or answers batches empty or in part, is held to the same
// bound and more in fault-rounds.test.ts.

const DEADLINE_MS = 2000;
/** The deadline, and time for the failed turn to reach the status on a busy machine. */
const BOUND_MS = DEADLINE_MS + 2000;

describe('an archive behind a node gone silent', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('shows a problem within the deadline, and goes on once healed', async () => {
    const h = await startHarness({ seed: 'silent-hang', livePeriodS: 30, keepRecent: 1000, keepBlocks: 1000 });
    cleanups.push(() => h.close());
    h.node.advance(1, 3000);
    const proxy = await startFaultProxy(h.base);
    cleanups.push(() => proxy.close());
    const archive = await followNode(proxy.base, ':memory:', undefined, { timeoutMs: DEADLINE_MS });
    cleanups.push(() => archive.close());
    await archivedUpTo(archive, h.node.height);

    proxy.faults.hang = true;
    const since = Date.now();
    h.node.advance(3, 3000);
    while (archive.follower.state.problem === null && Date.now() - since < 30_000)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const took = Date.now() - since;
    expect(archive.follower.state.problem).toMatch(/no (complete )?answer to .* within 2000 ms/);
    expect(archive.follower.state.phase).toBe('retrying');
    expect(took).toBeLessThan(BOUND_MS);

    proxy.faults.hang = false;
    h.node.advance(3, 3000);
    await archivedUpTo(archive, h.node.height, 60_000);
    const healed = Date.now();
    while (archive.follower.state.problem !== null && Date.now() - healed < 10_000)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(archive.follower.state.problem).toBeNull();
  }, 120_000);
});
