import { afterAll, describe, expect, it } from 'vitest';

import { archiveDump, archivedUpTo, DATABASE_KINDS, followNode, type TestArchive } from '../../test/archive-harness.ts';
import { startFaultProxy, type Faults } from '../../test/fault-proxy.ts';
import { startHarness } from '../../test/harness.ts';

// The archive behind a node that misbehaves: whatever the node answers falsely is never merged,
// the status says what is wrong while it lasts, and once the node answers truly again the
// archive goes on and ends up equal, row for row, to one that never met a fault.

const cursorOf = async (archive: TestArchive) =>
  (await archive.db.query<{ height: string }>('SELECT height::text AS height FROM archive_cursor'))[0]?.height;

async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  seen: () => string = () => '',
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what} (last seen: ${seen()})`);
}

describe.each(DATABASE_KINDS)('an archive behind a faulty node, on $kind', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('merges nothing forged, stubbed, hidden or missing, says why, and ends equal to an undisturbed archive', async () => {
    const h = await startHarness({ seed: 'fault-proxy', livePeriodS: 30, keepRecent: 2000, keepBlocks: 2000 });
    cleanups.push(() => h.close());
    h.node.advance(1, 3000);
    const proxy = await startFaultProxy(h.base);
    cleanups.push(() => proxy.close());
    const [clean, faulty] = [await kind.create(), await kind.create()];
    cleanups.push(clean.drop, faulty.drop);
    const reference = await followNode(h.base, clean.database);
    const suffering = await followNode(proxy.base, faulty.database, undefined, { timeoutMs: 1500 });
    cleanups.push(
      () => reference.close(),
      () => suffering.close(),
    );
    await archivedUpTo(suffering, h.node.height);

    const episodes: [
      Exclude<
        keyof Faults,
        | 'failEvery'
        | 'dipBlocks'
        | 'hideTransactions'
        | 'hideHeights'
        | 'laterGenesis'
        | 'timesBackwards'
        | 'oddTimesEarlierMs'
      >,
      RegExp,
    ][] = [
      ['forgeBlocks', /is answered under hash F0F0.*but its header hashes to/],
      ['stubProposals', /proposal\/\d+ at height \d+: the node's answer holds no proposal/],
      ['hideProposals', /says proposal \d+ is not found at height \d+, where its block acts on it/],
      ['hang', /no complete answer|no answer to \S+ within \d+ ms|timeout|timed out|aborted/i],
    ];
    for (const [fault, problem] of episodes) {
      const before = h.node.height;
      const submitted = h.node.group.store.proposalSeq;
      proxy.faults[fault] = true;
      // Proposals are submitted every few dozen blocks: run until one is, so a stub has a target.
      while (h.node.group.store.proposalSeq === submitted) h.node.advance(1, 3000);
      h.node.advance(3, 3000);
      await until(
        `the ${fault} problem in the status`,
        () => problem.test(suffering.follower.state.problem ?? ''),
        () => `${suffering.follower.state.phase}: ${suffering.follower.state.problem}`,
      );
      expect(suffering.follower.state.phase).toBe('retrying');
      const stuckAt = BigInt((await cursorOf(suffering)) ?? '0');
      expect(stuckAt).toBeLessThan(h.node.height);
      if (fault === 'forgeBlocks' || fault === 'hang') expect(stuckAt).toBeLessThanOrEqual(before);
      proxy.faults[fault] = false;
      await archivedUpTo(suffering, h.node.height, 90_000);
      await until('the problem to clear', () => suffering.follower.state.problem === null);
    }
    await archivedUpTo(reference, h.node.height);
    expect(await archiveDump(suffering)).toBe(await archiveDump(reference));
  }, 300_000);

  it('finds out an index that leaves heights out, by the blocks it did not name, and reads every block instead', async () => {
    const h = await startHarness({ seed: 'lying-index', livePeriodS: 30, keepRecent: 2000, keepBlocks: 2000 });
    cleanups.push(() => h.close());
    h.node.advance(300, 3000);
    const proxy = await startFaultProxy(h.base);
    cleanups.push(() => proxy.close());
    proxy.faults.hideTransactions = true;
    const [clean, lied] = [await kind.create(), await kind.create()];
    cleanups.push(clean.drop, lied.drop);
    const from = h.node.height - 250n;
    const reference = await followNode(h.base, clean.database, undefined, { from });
    const lines: string[] = [];
    const misled = await followNode(proxy.base, lied.database, undefined, {
      from,
      sparseAbove: 50n,
      log: (line) => lines.push(line),
    });
    cleanups.push(
      () => reference.close(),
      () => misled.close(),
    );
    await archivedUpTo(misled, h.node.height, 120_000);
    expect(misled.follower.state.indexUnused).toMatch(
      /its index left out height \d+, where transaction \d+ carries a message of x\/group/,
    );
    // Said once, when it became so: not again at every stretch read without it.
    expect(lines.filter((line) => line.includes('keeps no usable index'))).toHaveLength(1);
    await archivedUpTo(reference, h.node.height);
    expect(await archiveDump(misled)).toBe(await archiveDump(reference));
  }, 300_000);

  it('takes header times that go backwards for a fault, merges nothing timed by them, and ends equal once they are true', async () => {
    const h = await startHarness({ seed: 'backwards-times', livePeriodS: 30, keepRecent: 2000, keepBlocks: 2000 });
    cleanups.push(() => h.close());
    h.node.advance(300, 3000);
    const proxy = await startFaultProxy(h.base);
    cleanups.push(() => proxy.close());
    proxy.faults.timesBackwards = true;
    const [clean, lied] = [await kind.create(), await kind.create()];
    cleanups.push(clean.drop, lied.drop);
    const from = h.node.height - 250n;
    const reference = await followNode(h.base, clean.database, undefined, { from });
    // Far enough behind to search headers for the blocks where proposals' voting ends.
    const misled = await followNode(proxy.base, lied.database, undefined, { from, sparseAbove: 50n });
    cleanups.push(
      () => reference.close(),
      () => misled.close(),
    );
    await until(
      'the backwards times in the status',
      () =>
        /headers go back in time: block \d+ is of .*, before block \d+ of /.test(misled.follower.state.problem ?? ''),
      () => `${misled.follower.state.phase}: ${misled.follower.state.problem}`,
    );
    expect(misled.follower.state.phase).toBe('retrying');
    // Whatever was merged meanwhile is true: every voting end at the height and time the chain has it.
    await archivedUpTo(reference, h.node.height);
    const votingEnds = (archive: TestArchive) =>
      archive.db.query<{ row: string }>(
        `SELECT proposal_id || '@' || height || ' ' || block_time AS row FROM proposal_timeline WHERE kind = 'voting_ended'`,
      );
    const truth = new Set((await votingEnds(reference)).map(({ row }) => row));
    for (const { row } of await votingEnds(misled)) expect(truth).toContain(row);
    proxy.faults.timesBackwards = false;
    await archivedUpTo(misled, h.node.height, 120_000);
    await until('the problem to clear', () => misled.follower.state.problem === null);
    expect(await archiveDump(misled)).toBe(await archiveDump(reference));
  }, 300_000);

  it('refuses a /genesis that does not begin the chain it serves, merging nothing', async () => {
    const h = await startHarness({ seed: 'other-genesis', livePeriodS: 30 });
    cleanups.push(() => h.close());
    h.node.advance(3, 3000);
    const proxy = await startFaultProxy(h.base);
    cleanups.push(() => proxy.close());
    proxy.faults.laterGenesis = true;
    const created = await kind.create();
    cleanups.push(created.drop);
    const archive = await followNode(proxy.base, created.database, undefined, { from: 'genesis' });
    cleanups.push(() => archive.close());
    await until('the refusal', () => archive.follower.state.phase === 'refused');
    expect(archive.follower.state.problem).toMatch(
      /^the node's \/genesis does not begin its chain: block \d+ is of .*, before the genesis time 2099-01-01T00:00:00Z$/,
    );
    expect(await archive.db.query('SELECT * FROM archive_cursor')).toEqual([]);
    expect(await archive.db.query('SELECT * FROM groups')).toEqual([]);
  }, 120_000);
});
