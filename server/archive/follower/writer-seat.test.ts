import { afterAll, describe, expect, it } from 'vitest';

import { archiveDump, archivedUpTo, DATABASE_KINDS, followNode, type TestArchive } from '../../test/archive-harness.ts';
import { startHarness } from '../../test/harness.ts';
import { openSqlDatabase } from '../store/archive-store.ts';
import type { SqlDatabase } from '../store/db/sql-database.ts';

// Many readers, one writer: followers sharing one database agree on which writes (a lease in the
// database); when the writer dies, another takes over within seconds, and the archive ends up
// equal to one nobody disturbed.

/** The database as one process sees it, until the process is killed: then nothing it asks arrives. */
function killable(db: SqlDatabase): { db: SqlDatabase; kill(): void } {
  let dead = false;
  const gone = () => Promise.reject(new Error('connection lost: the process was killed'));
  return {
    db: {
      ...db,
      kind: db.kind,
      query: (sql, params) => (dead ? gone() : db.query(sql, params)),
      transaction: (work) => (dead ? gone() : db.transaction(work)),
      close: async () => undefined,
    },
    kill: () => (dead = true),
  };
}

describe.each(DATABASE_KINDS)('one writer on $kind', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('a reader takes over within 10 s when the writer dies, and nothing is archived twice or skipped', async () => {
    const h = await startHarness({ seed: 'one-writer', livePeriodS: 30, keepRecent: 3000 });
    cleanups.push(() => h.close());
    h.node.advance(1, 3000);
    const [alone, sharedDb] = [await kind.create(), await kind.create()];
    cleanups.push(alone.drop, sharedDb.drop);
    const reference = await followNode(h.base, alone.database);
    cleanups.push(() => reference.close());
    const shared = await openSqlDatabase(sharedDb.database);
    cleanups.push(() => shared.close());
    const first = killable(shared);
    const second = killable(shared);
    const followers: TestArchive[] = [await followNode(h.base, '', first.db), await followNode(h.base, '', second.db)];
    cleanups.push(...followers.map((follower) => () => follower.stopFollowing()));
    for (let block = 0; block < 40; block += 10) {
      h.node.advance(10, 3000);
      await archivedUpTo(reference, h.node.height);
      await archivedUpTo(followers[0], h.node.height);
    }
    const phases = followers.map((follower) => follower.follower.state.phase);
    expect(phases.filter((phase) => phase === 'standby')).toHaveLength(1);
    const writer = phases[0] === 'standby' ? 1 : 0;
    const reader = followers[1 - writer];
    [first, second][writer].kill();
    const killedAt = Date.now();
    h.node.advance(30, 3000);
    while (reader.follower.state.phase === 'standby' && Date.now() - killedAt < 30_000)
      await new Promise((resolve) => setTimeout(resolve, 50));
    // The lease runs out 6 s after its last renewal, and a reader asks every second.
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    await archivedUpTo(reference, h.node.height);
    await archivedUpTo(reader, h.node.height, 30_000);
    expect(await archiveDump(reader)).toBe(await archiveDump(reference));
  }, 120_000);
});
