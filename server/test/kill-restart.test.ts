import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { ArchiveStore } from '../archive/store/archive-store.ts';
import { chainSchema } from '../archive/store/chain-schema.ts';
import { archiveDump, archivedUpTo, followNode } from './archive-harness.ts';
import { startHarness } from './harness.ts';
import { freePort, getJson, startPolity } from './polity-process.ts';
import { createDatabase, dropDatabase } from './postgres-admin.ts';

// Polity killed with SIGKILL at random moments, twenty times over, then left to finish: every
// height keeps the hash it was first served under, and its archive equals, row for row, the
// archive of an undisturbed run of the same chain (the same blocks at the same times, never
// killed). The random moments are drawn from a fixed seed, so a failure can be run again.

const KILLS = 20;
const SEED = 'killed';
const PG_URL = process.env.POLITY_TEST_PG_URL;

/** A small deterministic generator (mulberry32), so the kill moments repeat run to run. */
function moments(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every block hash the node serves, by height. */
async function servedHashes(base: string): Promise<Map<bigint, string>> {
  type Status = { result: { sync_info: { latest_block_height: string; earliest_block_height: string } } };
  type Chain = { result: { block_metas: { block_id: { hash: string }; header: { height: string } }[] } };
  const { sync_info } = (await getJson<Status>(`${base}/rpc/status`)).result;
  const hashes = new Map<bigint, string>();
  for (let min = BigInt(sync_info.earliest_block_height); min <= BigInt(sync_info.latest_block_height); min += 20n) {
    const chain = await getJson<Chain>(`${base}/rpc/blockchain?minHeight=${min}&maxHeight=${min + 19n}`);
    for (const meta of chain.result.block_metas) hashes.set(BigInt(meta.header.height), meta.block_id.hash);
  }
  return hashes;
}

describe('Polity killed at random moments', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every block hash, and an archive equal to an undisturbed run’s', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'polity-killed-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let archiveDb = join(dataDir, 'archive');
    if (PG_URL) {
      archiveDb = await createDatabase(PG_URL, `polity_killed_${process.pid}`);
      cleanups.push(() => dropDatabase(archiveDb));
    }
    const genesisTime = Date.now() - 60_000;
    const common = ['--data-dir', dataDir, '--seed', SEED, '--genesis-time', new Date(genesisTime).toISOString()];
    const args = [...common, '--live-period', '20', '--rpc-port', 'off', '--keep-recent', '100000'];
    const random = moments(20261124);
    const firstServed = new Map<bigint, string>();
    const record = async (base: string) => {
      for (const [height, hash] of await servedHashes(base)) {
        const before = firstServed.get(height);
        if (before !== undefined) expect(hash, `block ${height} after a restart`).toBe(before);
        else firstServed.set(height, hash);
      }
    };
    for (let kill = 0; kill < KILLS; kill++) {
      const run = await startPolity(await freePort(), [...args, '--block-time', '40', '--archive-db', archiveDb]);
      await record(run.base);
      await new Promise((resolve) => setTimeout(resolve, 150 + random() * 1200));
      await run.kill();
    }
    // The last run makes no more blocks: its archive catches up, and the chain stands still.
    const last = await startPolity(await freePort(), [...args, '--block-time', '3600000', '--archive-db', archiveDb]);
    cleanups.push(() => last.kill());
    await record(last.base);
    type Status = {
      earliest_height: string | null;
      latest_height: string | null;
      node_latest_height: string | null;
      gaps: unknown[];
    };
    let status = await getJson<Status>(`${last.base}/polity/archive/v1/status`);
    for (
      let i = 0;
      i < 600 && (status.latest_height === null || status.latest_height !== status.node_latest_height);
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await getJson<Status>(`${last.base}/polity/archive/v1/status`);
    }
    const height = BigInt(status.latest_height ?? '0');
    expect(height).toBe(BigInt(Math.max(...[...firstServed.keys()].map(Number))));
    // Only the heights before the archive began: no kill left a gap.
    expect(status.gaps).toEqual([expect.objectContaining({ reason: expect.stringMatching(/asked to start/) })]);
    await last.stop();

    // The undisturbed run: the same chain, fed the logged block times in one go, never killed.
    const times = readFileSync(join(dataDir, 'blocks.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' '))
      .map(([logged, time]) => ({ height: BigInt(logged), time: Number(time) }));
    const undisturbed = await startHarness({
      seed: SEED,
      genesisTime,
      livePeriodS: 20,
      keepRecent: 100_000,
      keepBlocks: 100_000,
    });
    cleanups.push(() => undisturbed.close());
    for (const { height: logged, time } of times) {
      undisturbed.node.produceBlock(time);
      expect(undisturbed.node.height).toBe(logged);
      expect(undisturbed.node.blocks.get(logged)?.hash, `block ${logged}`).toBe(firstServed.get(logged));
    }
    expect(undisturbed.node.height).toBe(height);
    let referenceDb = ':memory:';
    if (PG_URL) {
      referenceDb = await createDatabase(PG_URL, `polity_undisturbed_${process.pid}`);
      cleanups.push(() => dropDatabase(referenceDb));
    }
    // A restarted node keeps the blocks since its last snapshot only: where the archive began depends
    // on when it first got to start, so the undisturbed one begins at the same height.
    const began = BigInt(status.earliest_height ?? '0');
    const reference = await followNode(undisturbed.base, referenceDb, undefined, { from: began });
    cleanups.push(() => reference.close());
    await archivedUpTo(reference, height, 120_000);
    // On PostgreSQL the local chain's archive lives in a schema named after its chain.
    const killedSchema = PG_URL ? await chainSchema(archiveDb, `polity-${SEED}`) : undefined;
    const killed = await ArchiveStore.open(archiveDb, killedSchema);
    cleanups.push(() => killed.close());
    // Table by table, so a difference names its table.
    const [afterKills, undisturbedRows] = [await archiveDump(killed), await archiveDump(reference)].map(
      (dump) => JSON.parse(dump) as Record<string, unknown[]>,
    );
    if (process.env.KILL_DUMP)
      writeFileSync(process.env.KILL_DUMP, JSON.stringify([afterKills, undisturbedRows], null, 1));
    // The reason of the gap before the start names the node's earliest block, which differs.
    for (const rows of [afterKills, undisturbedRows])
      rows.archive_gaps = rows.archive_gaps.map((gap) => ({ ...(gap as object), reason: undefined }));
    for (const table of Object.keys(undisturbedRows)) expect(afterKills[table], table).toEqual(undisturbedRows[table]);
  }, 600_000);
});
