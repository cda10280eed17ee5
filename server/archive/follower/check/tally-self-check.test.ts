import { afterAll, describe, expect, it } from 'vitest';

import {
  archiveDump,
  archivedUpTo,
  DATABASE_KINDS,
  followNode,
  type TestArchive,
} from '../../../test/archive-harness.ts';
import { startFaultProxy } from '../../../test/fault-proxy.ts';
import { startHarness } from '../../../test/harness.ts';
import { completenessStatusJson } from '../../api/completeness-status.ts';
import { readTallyCheck } from '../../store/proposals/tally-checks.ts';
import { TALLIED_STATUSES } from '../../vocabulary.ts';

// The archive holds its votes to the chain's tallies. A node whose index leaves out the one block
// of a vote (and nothing else) gets past the backfill's check of the index when its sample misses
// that block; the recount then finds the tally short of the archived votes, reads the proposal's
// voting window again, and archives the vote — and the status says what it found.

async function until<T>(what: string, read: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Counted votes on proposals tallied in the archived stretch, in blocks where nothing else happens
 * (and every vote counted): an index that hides those heights hides those votes and nothing more.
 */
async function votesAlone(archive: TestArchive, from: bigint) {
  return archive.db.query<{ height: string; proposal_id: string; voter: string }>(
    `WITH counted AS (
       SELECT v.height, v.proposal_id, v.voter, v.weight_value FROM votes v JOIN proposals p ON p.id = v.proposal_id
       WHERE p.status IN ('${TALLIED_STATUSES.join("', '")}') AND v.height > $1::numeric
         AND EXISTS (SELECT 1 FROM proposal_timeline t
                     WHERE t.proposal_id = v.proposal_id AND t.kind = 'submitted' AND t.height > $1::numeric))
     SELECT c.height::text AS height, c.proposal_id::text AS proposal_id, c.voter FROM counted c
     WHERE NOT EXISTS (SELECT 1 FROM votes w WHERE w.height = c.height
                       AND NOT EXISTS (SELECT 1 FROM counted o WHERE o.height = w.height AND o.voter = w.voter
                                       AND o.proposal_id = w.proposal_id AND o.weight_value > 0))
       AND NOT EXISTS (SELECT 1 FROM proposal_timeline t WHERE t.height IN (c.height, c.height + 1))
       AND NOT EXISTS (SELECT 1 FROM group_history g WHERE g.height = c.height)
     ORDER BY c.height, c.voter`,
    [String(from)],
  );
}

describe.each(DATABASE_KINDS)('the archive recounts every tally it followed, on $kind', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('finds votes a lying index hid by reading their voting windows again, and says so', async () => {
    const h = await startHarness({ seed: 'hidden-vote', livePeriodS: 30, keepRecent: 2000, keepBlocks: 2000 });
    cleanups.push(() => h.close());
    h.node.advance(300, 3000);
    const from = h.node.height - 250n;
    const [clean, lied] = [await kind.create(), await kind.create()];
    cleanups.push(clean.drop, lied.drop);
    const reference = await followNode(h.base, clean.database, undefined, { from, sparseAbove: 50n });
    cleanups.push(() => reference.close());
    await archivedUpTo(reference, h.node.height, 120_000);
    const hidden = await votesAlone(reference, from);
    expect(hidden.length, 'votes alone in their blocks, on proposals tallied in the archived stretch').toBeGreaterThan(
      3,
    );

    // The backfill reads some heights for other reasons (the blocks around a voting end): the
    // votes there are archived anyway. The others only a second reading finds.
    const proxy = await startFaultProxy(h.base);
    cleanups.push(() => proxy.close());
    proxy.faults.hideHeights = [...new Set(hidden.map((vote) => vote.height))];
    const lines: string[] = [];
    const misled = await followNode(proxy.base, lied.database, undefined, {
      from,
      sparseAbove: 50n,
      indexSample: 0,
      log: (line) => lines.push(line),
    });
    cleanups.push(() => misled.close());
    await archivedUpTo(misled, h.node.height, 120_000);
    const recounted = async (archive: TestArchive) => (await completenessStatusJson(archive.db, {})).tallies;
    const everyTally = (await recounted(reference)).checked;
    await until('every tally recounted', async () => ((await recounted(misled)).checked === everyTally ? true : null));

    const status = await recounted(misled);
    const reread = status.unsettled;
    expect(reread.length).toBeGreaterThan(0);
    expect(status.differing).toBe('0');
    expect(status.words).toBe(
      `${everyTally} tallies the archive followed recounted from its own votes at the weights they counted with: ${everyTally} add up (${reread.length} after reading the voting window again)`,
    );
    for (const check of reread) {
      expect(check.outcome).toBe('reconciled after re-reading');
      expect(check.detail).toMatch(
        /^(yes|no|abstain|veto) weight \S+ of \S+ not in the archive.*; reading heights \d+–\d+ again found \d+ votes? the archive had not read \(.*\): it adds up now$/,
      );
      const found = hidden.filter((vote) => vote.proposal_id === check.proposal_id);
      expect(check.votes_found).toBeGreaterThan(0);
      for (const vote of found.slice(0, check.votes_found))
        expect(check.detail).toContain(`${vote.voter} at ${vote.height}`);
      expect(lines.some((line) => line.includes(`proposal #${check.proposal_id}'s tally:`))).toBe(true);
      expect((await readTallyCheck(reference.db, check.proposal_id))?.outcome).toBe('reconciled');
    }
    // Nothing needed a second reading where nothing was hidden.
    expect((await recounted(reference)).unsettled).toEqual([]);

    // And the archive ends as one never lied to: each vote at its height, with its weight.
    expect(await archiveDump(misled)).toBe(await archiveDump(reference));
  }, 300_000);
});
