import { afterAll, describe, expect, it } from 'vitest';

import {
  archiveDump,
  archivedUpTo,
  DATABASE_KINDS,
  followNode,
  type TestArchive,
} from '../../../test/archive-harness.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { handleArchive } from '../../api/archive-http.ts';

interface Status {
  phase: string;
  problem: string | null;
  earliest_height: string | null;
  gaps: { from_height: string; to_height: string; reason: string }[];
}

describe.each(DATABASE_KINDS)('backfill on $kind', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function archiveOf(h: Harness, tuning?: Parameters<typeof followNode>[3]): Promise<TestArchive> {
    const database = await kind.create();
    cleanups.push(database.drop);
    const archive = await followNode(h.base, database.database, undefined, tuning);
    cleanups.push(() => archive.close());
    return archive;
  }

  async function harness(seed: string, keepRecent: number): Promise<Harness> {
    const h = await startHarness({ seed, livePeriodS: 30, keepRecent });
    cleanups.push(() => h.close());
    return h;
  }

  it('an archive started late from the earliest block equals, row for row, one that followed live', async () => {
    const h = await harness('backfill-equal', 3000);
    h.node.advance(1, 3000);
    const live = await archiveOf(h);
    for (let block = 0; block < 200; block += 10) {
      h.node.advance(10, 3000);
      await archivedUpTo(live, h.node.height);
    }
    const late = await archiveOf(h, { from: 'earliest', sparseAbove: 1_000_000n });
    await archivedUpTo(late, h.node.height, 120_000);
    expect(await archiveDump(late)).toBe(await archiveDump(live));
    // Read through the node's index: only the blocks where something happened, and those due.
    const lines: string[] = [];
    const sparse = await archiveOf(h, { from: 'earliest', sparseAbove: 20n, log: (line) => lines.push(line) });
    await archivedUpTo(sparse, h.node.height, 120_000);
    expect(lines.some((line) => line.includes('no usable index'))).toBe(false);
    expect(await archiveDump(sparse)).toBe(await archiveDump(live));
  }, 240_000);

  it('on a quiet chain, reading only the blocks the index names and those it computes equals reading every block', async () => {
    // Activity in one block of ten: voting ends, prunes and upgrades fall in blocks no transaction names.
    const h = await startHarness({ seed: 'backfill-quiet', livePeriodS: 30, keepRecent: 3000, liveEvery: 10 });
    cleanups.push(() => h.close());
    h.node.advance(600, 3000);
    const lines: string[] = [];
    const sparse = await archiveOf(h, { from: 'earliest', sparseAbove: 20n, log: (line) => lines.push(line) });
    const every = await archiveOf(h, { from: 'earliest', sparseAbove: 1_000_000n });
    await archivedUpTo(sparse, h.node.height, 120_000);
    await archivedUpTo(every, h.node.height, 120_000);
    expect(lines.some((line) => line.includes('no usable index'))).toBe(false);
    const dump = await archiveDump(every);
    expect(dump).toContain('voting_ended');
    expect(await archiveDump(sparse)).toBe(dump);
  }, 240_000);

  it('on a pruned node: starts at its first kept state and says which heights it could not confirm', async () => {
    const h = await harness('backfill-pruned', 40);
    h.node.advance(150, 3000);
    const archive = await archiveOf(h, { from: 'earliest' });
    await archivedUpTo(archive, h.node.height, 120_000);
    const answer = await handleArchive(archive, 'GET', 'status', '');
    const status = JSON.parse(answer.body) as Status;
    const earliest = BigInt(earliestOf(await h.get('/rpc/status')));
    const kept = BigInt(status.earliest_height ?? '0');
    expect(kept).toBeGreaterThan(earliest);
    expect(kept).toBeLessThanOrEqual(h.node.height - 39n);
    expect(status.gaps).toContainEqual({
      from_height: String(earliest),
      to_height: String(kept - 1n),
      reason: `blocks ${earliest}-${kept - 1n} are on the node but their state was pruned: their votes, submissions, executions, withdrawals, prunes and the membership changes their messages show were taken from their transactions and events, but decisions at voting end, vote weights, upgrades and all else read from state are not confirmed`,
    });
  }, 240_000);

  it('refuses a start the node cannot give, merging nothing: below its earliest block, above its tip, a genesis whose first block it no longer keeps', async () => {
    const h = await harness('backfill-refused', 100);
    h.node.advance(5, 3000);
    const earliest = BigInt(earliestOf(await h.get('/rpc/status')));
    // A node that keeps only its last 3 blocks serves its /genesis, but not the blocks after it.
    const pruned = await startHarness({ seed: 'backfill-refused', livePeriodS: 30, keepBlocks: 3 });
    cleanups.push(() => pruned.close());
    pruned.node.advance(5, 3000);
    const initial = (await pruned.get('/rpc/genesis')).json as { result: { genesis: { initial_height: string } } };
    const prunedEarliest = earliestOf(await pruned.get('/rpc/status'));
    for (const [node, from, problem] of [
      [h, earliest - 1n, /below the node's earliest block/],
      [h, h.node.height + 1000n, /above the node's latest block/],
      [
        pruned,
        'genesis',
        `the chain starts at height ${initial.result.genesis.initial_height}, but the node's earliest block is ${prunedEarliest}`,
      ],
    ] as const) {
      const archive = await archiveOf(node, { from });
      const deadline = Date.now() + 30_000;
      while (archive.follower.state.phase !== 'refused' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(archive.follower.state.problem).toMatch(problem);
      expect(await archive.db.query('SELECT * FROM archive_cursor')).toEqual([]);
      expect(await archive.db.query('SELECT * FROM proposals')).toEqual([]);
    }
  }, 120_000);
});

function earliestOf(answer: { json: unknown }): string {
  return (answer.json as { result: { sync_info: { earliest_block_height: string } } }).result.sync_info
    .earliest_block_height;
}
