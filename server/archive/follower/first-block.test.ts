import { afterAll, describe, expect, it } from 'vitest';

import { archivedUpTo, followNode } from '../../test/archive-harness.ts';
import { startHarness } from '../../test/harness.ts';

// A chain that has produced no block yet (the demo chain before its first live block) answers /status as CometBFT does then: height "0" and
// empty hashes. That is a chain about to begin, not a faulty node: the archive waits for its
// first block without an error in its status, and begins once it comes.

describe('an archive of a chain with no block yet', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('waits for the first block with no problem, then follows', async () => {
    const h = await startHarness({ seed: 'no-block-yet', livePeriodS: 30 });
    cleanups.push(() => h.close());
    expect(h.node.blocks.latest ?? null).toBeNull();
    const lines: string[] = [];
    const archive = await followNode(h.base, ':memory:', undefined, { log: (line) => lines.push(line) });
    cleanups.push(() => archive.close());

    // Longer than a failing status read takes through its retries (about 6 s), so an answer
    // the reader refused would show.
    const problems = new Set<string>();
    const deadline = Date.now() + 8000;
    while (Date.now() < deadline) {
      const { problem, lastError } = archive.follower.state;
      for (const said of [problem, lastError]) if (said !== null) problems.add(said);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect([...problems]).toEqual([]);
    expect(archive.follower.state.phase).toBe('starting');
    expect(archive.follower.state.nodeLatestHeight).toBe(0n);
    expect(lines.filter((line) => /no block yet/.test(line))).toHaveLength(1);

    h.node.advance(5, 3000);
    await archivedUpTo(archive, h.node.height);
    expect(archive.follower.state.problem).toBeNull();
  }, 60_000);
});
