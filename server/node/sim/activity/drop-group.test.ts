import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { G, openNode, startHarness, U, type Harness } from '../../../test/harness.ts';
import { ChainDataError } from '../files/persistence.ts';
import { voteMsg } from './tx-messages.ts';

// --drop-group-at: the chain removes x/group when the named upgrade is applied, as a chain leaving
// the module does (StoreUpgrades{Deleted: ["group"]}). With this seed `v6-cirrus` is applied
// 114 blocks after genesis and `v7-dorado-r1` later; a chain of the same seed without the option
// is the same chain, block for block, until the upgrade.

const SEED = 'test-seed';
const DROP_AT = 'v6-cirrus';
const BLOCKS = 130;
const NOT_IMPLEMENTED = { code: 12, message: 'Not Implemented', details: [] };

const pinned = (height: bigint) => ({ headers: { 'x-cosmos-block-height': String(height) } });
const names = (json: unknown) => (json as { module_versions: { name: string }[] }).module_versions.map((m) => m.name);

let dropping: Harness;
let keeping: Harness;
let upgradeHeight: bigint;

beforeAll(async () => {
  dropping = await startHarness({ seed: SEED, dropGroupAt: DROP_AT, keepRecent: BLOCKS + 10 });
  keeping = await startHarness({ seed: SEED, keepRecent: BLOCKS + 10 });
  dropping.node.advance(BLOCKS, 5000);
  keeping.node.advance(BLOCKS, 5000);
  upgradeHeight = dropping.node.upgrade.appliedHeight(DROP_AT);
}, 60_000);
afterAll(async () => {
  await dropping.close();
  await keeping.close();
});

describe('a chain that drops x/group at an upgrade', () => {
  it('applies the upgrade, and module_versions no longer lists group from its height', async () => {
    expect(upgradeHeight).toBeGreaterThan(0n);
    expect(dropping.node.upgrade.storeDeletedAt('group')).toBe(upgradeHeight);
    const after = await dropping.get(`${U}/module_versions`, pinned(upgradeHeight));
    const before = await dropping.get(`${U}/module_versions`, pinned(upgradeHeight - 1n));
    expect(names(before.json)).toContain('group');
    expect(names(after.json)).not.toContain('group');
    expect(names(after.json)).toContain('upgrade');
  });

  it('answers the group routes as a node without the module: 501, code 12', async () => {
    for (const path of [`${G}/groups`, `${G}/group_info/1`, `${G}/proposal/1`, `${G}/group_info/abc`]) {
      const answer = await dropping.get(path);
      expect(answer.status).toBe(501);
      expect(answer.json).toEqual(NOT_IMPLEMENTED);
      expect(answer.headers.get('grpc-metadata-x-cosmos-block-height')).toBeNull();
    }
    expect((await dropping.get(`${G}/groups`, pinned(upgradeHeight))).status).toBe(501);
    // Other modules go on answering.
    expect((await dropping.get(`${U}/current_plan`)).status).toBe(200);
  });

  it('has no group routes at heights before the upgrade either: the software it runs dropped them', async () => {
    const last = upgradeHeight - 1n;
    for (const path of [`${G}/groups?pagination.limit=100`, `${G}/group_info/1`, `${G}/proposal/1`]) {
      // The chain that kept the module answers them (a record, or "not found").
      expect((await keeping.get(path, pinned(last))).status).not.toBe(501);
      const dropped = await dropping.get(path, pinned(last));
      expect(dropped.status).toBe(501);
      expect(dropped.json).toEqual(NOT_IMPLEMENTED);
    }
    // The state before it is still there for the modules the node has: the same as the other chain's.
    const versions = `${U}/module_versions`;
    expect((await dropping.get(versions, pinned(last))).text).toBe((await keeping.get(versions, pinned(last))).text);
    const blockOf = async (h: Harness, height: bigint) => (await h.get(`/rpc/block?height=${height}`)).text;
    expect(await blockOf(dropping, upgradeHeight)).toBe(await blockOf(keeping, upgradeHeight));
    // The state after the upgrade block commits to the stores without group: another app hash.
    expect(await blockOf(dropping, upgradeHeight + 1n)).not.toBe(await blockOf(keeping, upgradeHeight + 1n));
  });

  it('takes the group store out of the multistore: abci_query answers as for an unknown store', async () => {
    const query = async (height: bigint) =>
      (
        (await dropping.get(`/rpc/abci_query?path="/store/group/key"&data=0x0101&height=${height}&prove=true`))
          .json as { result: { response: { code: number; log: string } } }
      ).result.response;
    expect(await query(upgradeHeight - 1n)).toMatchObject({ code: 0 });
    expect(await query(upgradeHeight)).toMatchObject({ code: 1, log: 'no such store: group: internal' });
  });

  it('accepts and simulates no group message after it', async () => {
    const node = dropping.node;
    node.inject(voteMsg(1n, node.cast.people.alice, 'VOTE_OPTION_YES', '', false));
    node.advance(1, 5000);
    const results = (await dropping.get(`/rpc/block_results?height=${node.height}`)).json as {
      result: { txs_results: { code: number; codespace: string; log: string }[] | null };
    };
    const refused = results.result.txs_results?.find((tx) => tx.log.includes('cosmos.group.v1'));
    expect(refused).toMatchObject({ code: 2, codespace: 'sdk' });
    expect(refused?.log).toContain('unable to resolve type URL /cosmos.group.v1.MsgVote');
    const groupTxs = await dropping.get(
      `/rpc/tx_search?query="message.module='group' AND tx.height>=${upgradeHeight}"`,
    );
    expect((groupTxs.json as { result: { total_count: string } }).result.total_count).toBe('0');
  });
});

describe('--drop-group-at in a data dir', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is kept in chain.json: a restart is the same chain, still without x/group', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polity-drop-group-'));
    dirs.push(dataDir);
    const first = openNode({ seed: SEED, dataDir, dropGroupAt: DROP_AT, keepRecent: 5 });
    first.advance(BLOCKS, 5000);
    // The snapshot is of the earliest kept state: with 5 kept, one taken after the upgrade.
    expect(first.writeSnapshot()).toBe(true);
    first.advance(3, 5000);
    const chain = JSON.parse(readFileSync(join(dataDir, 'chain.json'), 'utf8')) as { dropGroupAt?: string };
    expect(chain.dropGroupAt).toBe(DROP_AT);
    const again = openNode({ seed: SEED, dataDir, keepRecent: 5 });
    expect(again.height).toBe(first.height);
    expect(again.stateRoot()).toBe(first.stateRoot());
    expect(again.upgrade.storeDeletedAt('group')).toBe(first.upgrade.storeDeletedAt('group'));
    expect(again.upgrade.sortedVersions().map((entry) => entry.name)).not.toContain('group');
    // Another upgrade to leave x/group at is another chain: refused, not silently ignored.
    expect(() => openNode({ seed: SEED, dataDir, dropGroupAt: 'v7-dorado' })).toThrow(ChainDataError);
  }, 60_000);
});
