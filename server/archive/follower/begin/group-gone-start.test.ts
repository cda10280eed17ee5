import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { archivedUpTo, followNode, type TestArchive } from '../../../test/archive-harness.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { everyPage } from '../../../test/polity-process.ts';

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
  group_module: {
    present: boolean;
    left_at_height: string | null;
    left_with_upgrade: string | null;
    rebuilt_from_transactions: {
      groups: number;
      policies: number;
      through_height: string;
      from_genesis: boolean;
    } | null;
  } | null;
}

/** Every group, its members and its policies, as a node's x/group queries answer them. */
interface GroupState {
  group: Record<string, unknown>;
  members: Record<string, unknown>[];
  policies: Record<string, unknown>[];
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
  /** The node's own groups at the last height before the upgrade, read while it still answered. */
  let lastState: GroupState[] = [];

  const allPages = (path: string, field: string) => everyPage<Record<string, unknown>>(`${h.base}${path}`, field);

  const groupState = async (): Promise<GroupState[]> => {
    const { groups } = (await h.get('/cosmos/group/v1/groups?pagination.limit=1000')).json as {
      groups: Record<string, unknown>[];
    };
    return Promise.all(
      groups.map(async (group) => {
        const id = String(group.id);
        const members = (await allPages(`/cosmos/group/v1/group_members/${id}`, 'members')) as {
          member: Record<string, unknown>;
        }[];
        const { group_policies: policies } = (
          await h.get(`/cosmos/group/v1/group_policies_by_group/${id}?pagination.limit=1000`)
        ).json as { group_policies: Record<string, unknown>[] };
        return { group, members: members.map((entry) => entry.member), policies };
      }),
    );
  };

  beforeAll(async () => {
    h = await startHarness({ seed: SEED, dropGroupAt: DROP_AT, keepRecent: 1000, archive: () => archive ?? null });
    h.node.advance(90, 5000);
    behind = await followNode(h.base, ':memory:');
    stoppedAt = h.node.height;
    await archivedUpTo(behind, stoppedAt);
    await behind.stopFollowing();
    for (let step = 0; step < 400 && h.node.upgrade.storeDeletedAt('group') === undefined; step++) {
      lastState = await groupState();
      h.node.advance(1, 5000);
    }
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

  it('rebuilds every group, member and policy from the genesis and the blocks, as the node last held them', async () => {
    expect(lastState.length).toBeGreaterThan(0);
    const status = (await h.get(`${API}/status`)).json as StatusJson;
    expect(status.group_module?.rebuilt_from_transactions).toEqual({
      groups: lastState.length,
      policies: lastState.reduce((sum, entry) => sum + entry.policies.length, 0),
      through_height: expect.any(String),
      from_genesis: true,
    });
    const byAddress = (rows: Record<string, unknown>[], key: string) =>
      [...rows].sort((left, right) => String(left[key]).localeCompare(String(right[key])));
    for (const expected of lastState) {
      const id = String(expected.group.id);
      const { group } = (await h.get(`${API}/groups/${id}`)).json as { group: Record<string, unknown> };
      const members = await allPages(`${API}/groups/${id}/members`, 'members');
      const { policies } = (await h.get(`${API}/groups/${id}/policies`)).json as {
        policies: Record<string, unknown>[];
      };
      expect(group).toMatchObject(expected.group);
      const pick = (member: Record<string, unknown>) => ({
        address: member.address,
        weight: member.weight,
        metadata: member.metadata,
        added_at: member.added_at,
      });
      expect(byAddress(members.map(pick), 'address')).toEqual(byAddress(expected.members.map(pick), 'address'));
      const rules = (policy: Record<string, unknown>) => ({
        address: policy.address,
        group_id: policy.group_id,
        admin: policy.admin,
        metadata: policy.metadata,
        version: policy.version,
        decision_policy: policy.decision_policy,
        created_at: policy.created_at,
      });
      expect(byAddress(policies.map(rules), 'address')).toEqual(byAddress(expected.policies.map(rules), 'address'));
    }
  });
});
