import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { archiveDump, archivedUpTo, DATABASE_KINDS, followNode, type TestArchive } from '../../test/archive-harness.ts';
import { chainClock } from '../../test/chain-clock.ts';
import { startHarness, type Harness } from '../../test/harness.ts';
import { ProofReader } from '../source/proof-reader.ts';
import { LightClient } from '../source/trust/light-client.ts';
import { FactEvidence } from './prove/fact-evidence.ts';
import { headerVault } from './prove/header-vault.ts';
import { ProvePipeline } from './prove/prove-pipeline.ts';

// An archive following a chain that removes x/group at an upgrade (the embedded chain with
// dropGroupAt: with this seed `v6-cirrus`, 114 blocks after genesis): it records where and with
// which upgrade the module left, asks for no group state after it (no fault, no retries), goes on
// following upgrades, proves group records only in states that still hold the store, and what it
// archived before the upgrade stays exactly as it was: its rows and its API's answers.

const SEED = 'test-seed';
const DROP_AT = 'v6-cirrus';
const API = '/polity/archive/v1';
/** Answers of the archive API about the group history, compared before and after the upgrade. */
const HISTORY_PATHS = [
  `${API}/proposals?pagination.limit=1000`,
  `${API}/proposals/1`,
  `${API}/proposals/1/votes`,
  `${API}/groups/1/history`,
  `${API}/groups/1/members`,
  `${API}/groups/1/policies`,
];
/** The archive's tables of x/group: nothing in them may change once the module is gone. */
const GROUP_TABLES = ['proposal_timeline', 'group_history', 'votes', 'proposals', 'groups', 'members', 'policies'];

interface StatusJson {
  phase: string;
  problem: string | null;
  last_error: string | null;
  group_module: {
    present: boolean;
    left_at_height: string | null;
    left_with_upgrade: string | null;
    left_at_time: string | null;
  } | null;
}

describe.each(DATABASE_KINDS)('an archive of a chain that drops x/group, on $kind', (kind) => {
  let h: Harness;
  let archive: TestArchive | undefined;
  let drop: () => Promise<void>;
  let upgradeHeight = 0n;
  let statusBefore: StatusJson;
  let dumpBefore: Record<string, unknown[]>;
  const answersBefore = new Map<string, string>();
  /** What the follower said: a read that failed would be here, with its retry. */
  const logged: string[] = [];

  const status = async () => (await h.get(`${API}/status`)).json as StatusJson;
  let openBefore = 0;
  const openForVoting = async () =>
    Number(
      (
        (await h.get(`${API}/proposals?voting_open=true&pagination.count_total=true`)).json as {
          pagination: { total: string };
        }
      ).pagination.total,
    );

  beforeAll(async () => {
    h = await startHarness({ seed: SEED, dropGroupAt: DROP_AT, keepRecent: 500, archive: () => archive ?? null });
    // Up to the block before the upgrade: the archive's record of the chain while it had x/group.
    for (let step = 0; step < 400; step++) {
      const pending = h.node.upgrade.pending?.plan;
      if (pending?.name === DROP_AT && h.node.height === pending.height - 1n) break;
      h.node.advance(1, 5000);
    }
    upgradeHeight = h.node.height + 1n;
    const created = await kind.create();
    drop = created.drop;
    archive = await followNode(h.base, created.database, undefined, { log: (line) => logged.push(line) });
    await archivedUpTo(archive, h.node.height);
    statusBefore = await status();
    dumpBefore = JSON.parse(await archiveDump(archive)) as Record<string, unknown[]>;
    for (const path of HISTORY_PATHS) answersBefore.set(path, (await h.get(path)).text);
    openBefore = await openForVoting();
    // Past the upgrade, and past at least one more upgrade after it.
    const doneAtDrop = h.node.upgrade.done.length;
    for (let step = 0; step < 40 && h.node.upgrade.done.length < doneAtDrop + 2; step++) {
      h.node.advance(10, 5000);
      await archivedUpTo(archive, h.node.height, 30_000);
    }
    h.node.advance(5, 5000);
    await archivedUpTo(archive, h.node.height, 30_000);
  }, 300_000);

  afterAll(async () => {
    await archive?.close();
    await drop?.();
    await h?.close();
  });

  it('records the height and the upgrade at which x/group left, and reports no fault', async () => {
    expect(h.node.upgrade.appliedHeight(DROP_AT)).toBe(upgradeHeight);
    expect(statusBefore.group_module).toEqual({
      present: true,
      left_at_height: null,
      left_with_upgrade: null,
      left_at_time: null,
      rebuilt_from_transactions: null,
    });
    const after = await status();
    expect(after.group_module).toMatchObject({
      present: false,
      left_at_height: String(upgradeHeight),
      left_with_upgrade: DROP_AT,
    });
    expect(after.group_module?.left_at_time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(after.problem).toBeNull();
    expect(after.last_error).toBeNull();
    expect(after.phase).not.toBe('retrying');
    // Not one group read after the upgrade was asked for and failed (and retried).
    expect(logged.filter((line) => /retrying|cosmos\/group/.test(line))).toEqual([]);
  });

  it('keeps following upgrades after it', async () => {
    const upgrades = (await h.get(`${API}/upgrades`)).json as { applied: { name: string; height: string }[] };
    const later = upgrades.applied.filter((plan) => BigInt(plan.height) > upgradeHeight);
    expect(later.length).toBeGreaterThan(0);
    expect(later.map((plan) => plan.name)).toEqual(
      h.node.upgrade.done.filter((done) => done.height > upgradeHeight).map((done) => done.name),
    );
  });

  it('lists no proposal as open for voting once nothing can vote on it', async () => {
    expect(openBefore).toBeGreaterThan(0);
    expect(await openForVoting()).toBe(0);
  });

  it('loses and changes nothing it archived before the upgrade: its rows and its answers', async () => {
    const dumpAfter = JSON.parse(await archiveDump(archive!)) as Record<string, unknown[]>;
    for (const table of GROUP_TABLES)
      expect({ table, rows: dumpAfter[table] }).toEqual({ table, rows: dumpBefore[table] });
    // Upgrades and module versions only gain rows (the dropping upgrade's own row gains its height).
    const withoutDrop = (rows: unknown[]) => rows.filter((row) => (row as { name: string }).name !== DROP_AT);
    expect(dumpAfter.upgrades).toEqual(expect.arrayContaining(withoutDrop(dumpBefore.upgrades)));
    expect(dumpAfter.module_versions).toEqual(expect.arrayContaining(dumpBefore.module_versions));
    for (const path of HISTORY_PATHS)
      expect({ path, text: (await h.get(path)).text }).toEqual({ path, text: answersBefore.get(path) });
  });

  it('proves group records only in states that still hold the group store', async () => {
    await archive!.stopFollowing();
    const reader = new ProofReader(`${h.base}/rpc`);
    const chainId = (
      await archive!.db.query<{ value: string }>("SELECT value FROM archive_meta WHERE key = 'chain_id'")
    )[0].value;
    const light = new LightClient(
      reader,
      headerVault(archive!.db),
      chainId,
      { kind: 'genesis' },
      {
        ...chainClock(h.node),
        trustingPeriodSeconds: 60n * 86_400n,
      },
    );
    const prover = new ProvePipeline(archive!.db, light, new FactEvidence(reader, light, 'cosmos'));
    for (let turn = 0; turn < 100; turn += 1) {
      const done = await prover.turn(h.node.height);
      expect(done.refusal).toBeNull();
      if (done.proven === 0) break;
    }
    const proofs = await archive!.db.query<{
      subject: string;
      height: string | null;
      verified: boolean;
      reason: string | null;
    }>(
      `SELECT subject, height::text AS height, verified, reason FROM fact_proofs
       WHERE subject IN ('member', 'policy', 'proposal') AND height IS NOT NULL`,
    );
    expect(proofs.filter((proof) => proof.subject === 'member').length).toBeGreaterThan(0);
    expect(proofs.filter((proof) => BigInt(proof.height ?? '0') >= upgradeHeight)).toEqual([]);
    // Unproven only for the reasons of any chain (a proposal decided, executed and removed in one block).
    expect(proofs.filter((proof) => !proof.verified && !/never in a committed state/.test(proof.reason ?? ''))).toEqual(
      [],
    );
    // A second look asks for nothing again: every record has its proof.
    expect((await prover.turn(h.node.height)).proven).toBe(0);
  }, 120_000);
});
