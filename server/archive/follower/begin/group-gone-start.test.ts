import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { archivedUpTo, followNode, type TestArchive } from '../../../test/archive-harness.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';

// An archive begun only after its chain dropped x/group (the embedded chain with dropGroupAt; with
// this seed `v6-cirrus` is applied 114 blocks after genesis). The node's software then answers
// none of x/group's queries, at any height: the archive begins at the upgrade's state, takes the
// group history before it from the blocks' transactions and events, says where and with which
// upgrade the module left, and reports no fault.

const SEED = 'test-seed';
const DROP_AT = 'v6-cirrus';
const API = '/polity/archive/v1';

interface StatusJson {
  problem: string | null;
  last_error: string | null;
  group_module: { present: boolean; left_at_height: string | null; left_with_upgrade: string | null } | null;
}

describe('an archive begun after its chain dropped x/group', () => {
  let h: Harness;
  let archive: TestArchive | undefined;
  /** An archive that followed the chain until a little before the upgrade, then stopped until after it. */
  let behind: TestArchive | undefined;
  let stoppedAt = 0n;
  let upgradeHeight = 0n;
  const logged: string[] = [];
  const loggedBehind: string[] = [];

  beforeAll(async () => {
    h = await startHarness({ seed: SEED, dropGroupAt: DROP_AT, keepRecent: 1000, archive: () => archive ?? null });
    h.node.advance(90, 5000);
    behind = await followNode(h.base, ':memory:');
    stoppedAt = h.node.height;
    await archivedUpTo(behind, stoppedAt);
    await behind.stopFollowing();
    for (let step = 0; step < 400 && h.node.upgrade.storeDeletedAt('group') === undefined; step++)
      h.node.advance(1, 5000);
    upgradeHeight = h.node.upgrade.appliedHeight(DROP_AT);
    h.node.advance(20, 5000);
    archive = await followNode(h.base, ':memory:', undefined, { log: (line) => logged.push(line) });
    await archivedUpTo(archive, h.node.height);
    behind = await followNode(h.base, ':memory:', behind.db, { log: (line) => loggedBehind.push(line) });
    await archivedUpTo(behind, h.node.height);
  }, 180_000);

  afterAll(async () => {
    await archive?.close();
    await behind?.close();
    await h?.close();
  });

  it('says where and with which upgrade x/group left, with no fault and no read retried', async () => {
    expect(upgradeHeight).toBeGreaterThan(1n);
    const status = (await h.get(`${API}/status`)).json as StatusJson;
    expect(status.group_module).toMatchObject({
      present: false,
      left_at_height: String(upgradeHeight),
      left_with_upgrade: DROP_AT,
    });
    expect(status.problem).toBeNull();
    expect(status.last_error).toBeNull();
    expect(logged.filter((line) => /retrying/.test(line))).toEqual([]);
    const upgrades = (await h.get(`${API}/upgrades`)).json as { applied: { name: string; height: string }[] };
    expect(upgrades.applied).toContainEqual(expect.objectContaining({ name: DROP_AT, height: String(upgradeHeight) }));
  });

  it('keeps the votes and proposals the blocks before the upgrade show, and says what it could not confirm', async () => {
    const votes = await archive!.db.query<{ height: string }>('SELECT height::text AS height FROM votes');
    const proposals = await archive!.db.query<{ id: string }>('SELECT id::text AS id FROM proposals');
    // Every vote the chain took before the upgrade: one EventVote each, in its block's results.
    const { result: nodeStatus } = (await h.get('/rpc/status')).json as {
      result: { sync_info: { earliest_block_height: string } };
    };
    let votedBefore = 0;
    for (let height = BigInt(nodeStatus.sync_info.earliest_block_height); height < upgradeHeight; height++) {
      const results = (await h.get(`/rpc/block_results?height=${height}`)).json as {
        result: { txs_results: { code: number; events: { type: string }[] }[] | null };
      };
      for (const tx of results.result.txs_results ?? [])
        if (tx.code === 0)
          votedBefore += tx.events.filter((event) => event.type === 'cosmos.group.v1.EventVote').length;
    }
    expect(votedBefore).toBeGreaterThan(0);
    expect(votes.length).toBe(votedBefore);
    expect(votes.every((vote) => BigInt(vote.height) < upgradeHeight)).toBe(true);
    expect(proposals.length).toBeGreaterThan(0);
    const gaps = await archive!.db.query<{ from_height: string; to_height: string; reason: string }>(
      'SELECT from_height::text AS from_height, to_height::text AS to_height, reason FROM archive_gaps',
    );
    expect(gaps).toContainEqual(
      expect.objectContaining({
        to_height: String(upgradeHeight - 1n),
        reason: expect.stringMatching(new RegExp(`no longer has x/group \\(the upgrade ${DROP_AT} removed it`)),
      }),
    );
  });

  it('goes on past the upgrade when it was behind: the blocks it missed keep what their transactions show', async () => {
    expect(stoppedAt).toBeLessThan(upgradeHeight - 1n);
    const status = (await h.get(`${API}/status`)).json as StatusJson;
    expect(status.problem).toBeNull();
    expect(loggedBehind.filter((line) => /retrying/.test(line))).toEqual([]);
    const gaps = await behind!.db.query<{ from_height: string; to_height: string; reason: string }>(
      'SELECT from_height::text AS from_height, to_height::text AS to_height, reason FROM archive_gaps WHERE from_height > $1',
      [String(stoppedAt)],
    );
    // The blocks it missed before the upgrade are one gap saying why their state could not be read.
    expect(gaps).toEqual([
      {
        from_height: String(stoppedAt + 1n),
        to_height: String(upgradeHeight - 1n),
        reason: expect.stringMatching(/no longer has x\/group/),
      },
    ]);
    // The votes of those blocks are kept all the same, as the archive begun late keeps them.
    const votesBetween = (db: TestArchive['db']) =>
      db.query<{ proposal_id: string; voter: string; height: string }>(
        `SELECT proposal_id::text AS proposal_id, voter, height::text AS height FROM votes
         WHERE height > $1 ORDER BY height, proposal_id, voter`,
        [String(stoppedAt)],
      );
    const kept = await votesBetween(behind!.db);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(await votesBetween(archive!.db));
  });
});
