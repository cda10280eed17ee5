import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE_KINDS, followNode, type TestArchive } from '../../../test/archive-harness.ts';
import { chainClock } from '../../../test/chain-clock.ts';
import { startHarness, type Harness } from '../../../test/harness.ts';
import { earliestHeaderOf } from '../../../test/trusted-header.ts';

// A node that serves a forged chain, consistent in itself — the same chain id, headers, hashes and
// links all in order, signed by validators whose keys it made up — is refused from its first
// header once the archive trusts a header of the real chain: nothing is merged.

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
    const trusted = await earliestHeaderOf(real);
    const created = await kind.create();
    drop = created.drop;
    archive = await followNode(forged.base, created.database, undefined, {
      trust: trusted,
      proofClock: chainClock(real.node),
    });
    const deadline = Date.now() + 60_000;
    while (archive.follower.state.problem === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(archive.follower.state.problem).toMatch(
      new RegExp(
        `the node does not serve the trusted chain: header ${trusted.height} hashes to [0-9A-F]{64}, not the trusted ${trusted.hash}`,
      ),
    );
    expect(await archive.db.query('SELECT * FROM archive_cursor')).toEqual([]);
    expect(await archive.db.query('SELECT * FROM votes LIMIT 1')).toEqual([]);
  }, 90_000);

  it('is followed, and proven, when the trusted header is its own', async () => {
    await archive.close();
    await drop();
    const trust = await earliestHeaderOf(forged);
    const created = await kind.create();
    drop = created.drop;
    archive = await followNode(forged.base, created.database, undefined, {
      trust,
      proofClock: chainClock(forged.node),
    });
    const deadline = Date.now() + 90_000;
    const proven = async () =>
      (await archive.db.query<{ count: string }>('SELECT count(*)::text AS count FROM fact_proofs WHERE verified'))[0]
        .count;
    while ((await proven()) === '0' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Number(await proven())).toBeGreaterThan(0);
    expect(archive.follower.state.problem).toBeNull();
  }, 120_000);
});
