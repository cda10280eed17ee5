import { afterAll, describe, expect, it } from 'vitest';

import { archivedUpTo, DATABASE_KINDS, followNode } from '../../test/archive-harness.ts';
import { startFaultProxy } from '../../test/fault-proxy.ts';
import { startHarness, type Harness } from '../../test/harness.ts';
import { openSqlDatabase } from '../store/archive-store.ts';
import type { SqlDatabase } from '../store/db/sql-database.ts';

describe.each(DATABASE_KINDS)('archive faults on $kind', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function chain(seed: string, keepBlocks: number): Promise<Harness> {
    const harness = await startHarness({ seed, livePeriodS: 30, keepRecent: 500, keepBlocks });
    cleanups.push(() => harness.close());
    harness.node.advance(1, 3000);
    return harness;
  }

  it('records the heights the node no longer has as a gap, and goes on', async () => {
    const h = await chain('gaps', 30);
    const created = await kind.create();
    cleanups.push(created.drop);
    const first = await followNode(h.base, created.database);
    cleanups.push(() => first.close());
    await archivedUpTo(first, h.node.height);
    const stoppedAt = h.node.height;
    await first.stopFollowing();
    h.node.advance(80, 3000);
    const resumed = await followNode(h.base, '', first.db);
    cleanups.push(() => resumed.close());
    await archivedUpTo(resumed, h.node.height);
    const gaps = await resumed.db.query<{ from_height: string; to_height: string; reason: string }>(
      'SELECT from_height::text AS from_height, to_height::text AS to_height, reason FROM archive_gaps ORDER BY from_height',
    );
    const base = h.node.blocks.base!;
    expect(gaps).toContainEqual({
      from_height: String(stoppedAt + 1n),
      to_height: String(base - 1n),
      reason: `blocks ${stoppedAt + 1n}-${base - 1n} were pruned on the node`,
    });
  }, 120_000);

  it('refuses a node of another chain or one reset below the archive, merging nothing', async () => {
    const original = await chain('original', 1000);
    const other = await chain('other', 1000);
    const created = await kind.create();
    cleanups.push(created.drop);
    const first = await followNode(original.base, created.database);
    cleanups.push(() => first.close());
    original.node.advance(5, 3000);
    await archivedUpTo(first, original.node.height);
    await first.stopFollowing();
    const cursor = await first.db.query('SELECT * FROM archive_cursor');
    const wrong = await followNode(other.base, '', first.db);
    cleanups.push(() => wrong.close());
    for (let i = 0; i < 200 && wrong.follower.state.phase !== 'refused'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(wrong.follower.state.phase).toBe('refused');
    expect(wrong.follower.state.problem).toBe(
      'the node serves chain polity-other, but this archive holds chain polity-original',
    );
    expect(await first.db.query('SELECT * FROM archive_cursor')).toEqual(cursor);
  }, 120_000);

  it('waits out a node whose height dips below the archive for a moment, and goes on', async () => {
    const h = await chain('dip', 1000);
    const node = await startFaultProxy(h.base);
    cleanups.push(() => node.close());
    const created = await kind.create();
    cleanups.push(created.drop);
    const archive = await followNode(node.base, created.database);
    cleanups.push(() => archive.close());
    await archivedUpTo(archive, h.node.height);
    node.faults.dipBlocks = 20;
    const deadline = Date.now() + 20_000;
    while (!/below the archived height/.test(archive.follower.state.lastError ?? '') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(archive.follower.state.lastError).toMatch(/below the archived height .*: waiting/);
    expect(archive.follower.state.phase).not.toBe('refused');
    node.faults.dipBlocks = 0;
    h.node.advance(10, 3000);
    await archivedUpTo(archive, h.node.height);
    expect(archive.follower.state.phase).not.toBe('refused');
  }, 120_000);

  it('a node that fails and drops connections mid-way never corrupts the archive', async () => {
    const h = await chain('flaky', 1000);
    const flaky = await startFaultProxy(h.base);
    cleanups.push(() => flaky.close());
    flaky.faults.failEvery = 5;
    const [clean, shaky] = [await kind.create(), await kind.create()];
    cleanups.push(clean.drop, shaky.drop);
    const reference = await followNode(h.base, clean.database);
    const suffering = await followNode(flaky.base, shaky.database);
    cleanups.push(
      () => reference.close(),
      () => suffering.close(),
    );
    await archivedUpTo(reference, h.node.height);
    await archivedUpTo(suffering, h.node.height, 120_000);
    h.node.advance(40, 3000);
    await archivedUpTo(reference, h.node.height);
    await archivedUpTo(suffering, h.node.height, 120_000);
    const dump = async (db: typeof reference.db) =>
      JSON.stringify([
        await db.query('SELECT * FROM votes ORDER BY proposal_id, voter'),
        await db.query('SELECT id, status, final_tally, pruned_height FROM proposals ORDER BY id'),
        await db.query('SELECT * FROM proposal_timeline ORDER BY proposal_id, height, seq'),
      ]);
    expect(await dump(suffering.db)).toBe(await dump(reference.db));
    expect(suffering.follower.state.lastError === null || suffering.follower.state.phase === 'following').toBe(true);
  }, 240_000);

  it('a batch whose write fails while the next one is read is written again: nothing lost, nothing doubled', async () => {
    const h = await chain('failed-write', 1000);
    const [clean, failing] = [await kind.create(), await kind.create()];
    cleanups.push(clean.drop, failing.drop);
    const reference = await followNode(h.base, clean.database);
    cleanups.push(() => reference.close());
    // Once armed, the third and fifth batches are rolled back at their end, as a full disk or a
    // lost connection to PostgreSQL would leave them.
    const db = await openSqlDatabase(failing.database);
    let armed = false;
    let writes = 0;
    const faulty: SqlDatabase = {
      ...db,
      kind: db.kind,
      query: (sql, params) => db.query(sql, params),
      transaction: (work) =>
        db.transaction(async (tx) => {
          const result = await work(tx);
          if (!armed) return result;
          writes++;
          if (writes === 3 || writes === 5) throw new Error('could not write to the archive');
          return result;
        }),
    };
    const suffering = await followNode(h.base, '', faulty);
    cleanups.push(() => suffering.close());
    await archivedUpTo(reference, h.node.height);
    await archivedUpTo(suffering, h.node.height);
    // A catch-up of several batches (16 blocks each) with the writes failing in it.
    armed = true;
    h.node.advance(120, 3000);
    await archivedUpTo(reference, h.node.height);
    await archivedUpTo(suffering, h.node.height, 120_000);
    expect(writes).toBeGreaterThan(5);
    const dump = async (archive: typeof reference.db) =>
      JSON.stringify([
        await archive.query('SELECT * FROM votes ORDER BY proposal_id, voter'),
        await archive.query('SELECT id, status, final_tally, pruned_height FROM proposals ORDER BY id'),
        await archive.query('SELECT * FROM proposal_timeline ORDER BY proposal_id, height, seq'),
        await archive.query('SELECT * FROM group_history ORDER BY group_id, height, seq'),
      ]);
    expect(await dump(db)).toBe(await dump(reference.db));
  }, 240_000);
});
