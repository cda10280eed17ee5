import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE_KINDS, followNode, type TestArchive } from '../../../test/archive-harness.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';

// A node that serves a forged chain, consistent in itself — the same chain id, headers, hashes and
// links all in order, signed by validators whose keys it made up — is refused from its first
// header once the archive trusts a header of the real chain: nothing is merged.

interface Commit {
  result: { signed_header: { header: { height: string }; commit: { block_id: { hash: string } } } };
}

describe.each(DATABASE_KINDS)('a forged chain on $kind', (kind) => {
  let real: Harness;
  let forged: Harness;
  let archive: TestArchive;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    real = await startHarness({ seed: 'prove-forged' });
    // Another seed that makes the same chain id: another validator set, its own consistent blocks.
    forged = await startHarness({ seed: 'PROVE-FORGED' });
    real.node.advance(3, 3000);
    forged.node.advance(3, 3000);
    expect(forged.node.chainId).toBe(real.node.chainId);
  });

  afterAll(async () => {
    await archive?.close();
    await drop?.();
    await forged?.close();
    await real?.close();
  });

  it('is refused at the trusted height, with the reason in the status, and nothing merged', async () => {
    const status = (await real.get('/rpc/status')).json as { result: { sync_info: { earliest_block_height: string } } };
    const first = status.result.sync_info.earliest_block_height;
    const commit = (await real.get(`/rpc/commit?height=${first}`)).json as Commit;
    const trusted = {
      kind: 'header' as const,
      height: BigInt(first),
      hash: commit.result.signed_header.commit.block_id.hash,
    };
    const created = await kind.create();
    drop = created.drop;
    archive = await followNode(forged.base, created.database, undefined, { trust: trusted });
    const deadline = Date.now() + 60_000;
    while (archive.follower.state.problem === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(archive.follower.state.problem).toMatch(
      new RegExp(
        `the node does not serve the trusted chain: header ${first} hashes to [0-9A-F]{64}, not the trusted ${trusted.hash}`,
      ),
    );
    expect(await archive.db.query('SELECT * FROM archive_cursor')).toEqual([]);
    expect(await archive.db.query('SELECT * FROM votes LIMIT 1')).toEqual([]);
  }, 90_000);

  it('is followed, and proven, when the trusted header is its own', async () => {
    await archive.close();
    await drop();
    const status = (await forged.get('/rpc/status')).json as {
      result: { sync_info: { earliest_block_height: string } };
    };
    const first = status.result.sync_info.earliest_block_height;
    const commit = (await forged.get(`/rpc/commit?height=${first}`)).json as Commit;
    const created = await kind.create();
    drop = created.drop;
    const trust = {
      kind: 'header' as const,
      height: BigInt(first),
      hash: commit.result.signed_header.commit.block_id.hash,
    };
    archive = await followNode(forged.base, created.database, undefined, { trust });
    const deadline = Date.now() + 90_000;
    const proven = async () =>
      (await archive.db.query<{ count: string }>('SELECT count(*)::text AS count FROM fact_proofs WHERE verified'))[0]
        .count;
    while ((await proven()) === '0' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Number(await proven())).toBeGreaterThan(0);
    expect(archive.follower.state.problem).toBeNull();
  }, 120_000);
});
