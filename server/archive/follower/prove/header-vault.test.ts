import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { forgeLightBlock, signerOf, timeAfter } from '../../../../verify/testing/forge-chain.ts';
import { DATABASE_KINDS } from '../../../test/archive-harness.ts';
import type { VerifiedBlock } from '../../source/trust/light-client.ts';
import { ArchiveStore } from '../../store/archive-store.ts';
import { headerVault } from './header-vault.ts';

// The light client's memory of what it verified: saved a few dozen at a time, and all of it by
// the time a proof that names a header is saved or the follower stops; a new process over the
// same database finds every header saved, so none is checked twice.

const validators = [signerOf('vault a', 10n), signerOf('vault b', 20n)];

function verifiedAt(height: bigint, parent: bigint | null): VerifiedBlock {
  const { block, hash } = forgeLightBlock({
    chainId: 'vault-1',
    height,
    time: timeAfter(Number(height)),
    lastBlockHash: '',
    validators,
  });
  return {
    header: block.signed_header.header,
    hash,
    validators: block.validator_set,
    commit: block.signed_header.commit,
    parent,
  };
}

const savedHeights = async (store: ArchiveStore) =>
  (await store.db.query<{ height: string }>('SELECT height::text AS height FROM proof_headers ORDER BY height')).map(
    (row) => row.height,
  );

describe.each(DATABASE_KINDS)('the header vault on $kind', (kind) => {
  let store: ArchiveStore;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await kind.create();
    drop = created.drop;
    store = await ArchiveStore.open(created.database);
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  it('keeps headers in memory until saved, then a new vault finds them in the store', async () => {
    const vault = headerVault(store.db);
    await vault.save(verifiedAt(10n, null));
    await vault.save(verifiedAt(20n, 10n));
    await vault.save(verifiedAt(30n, 10n));
    // Waiting, yet known to this vault.
    expect(await savedHeights(store)).toEqual([]);
    expect((await vault.atOrBelow(20n))?.hash).toBe(verifiedAt(20n, 10n).hash);
    await vault.saved();
    expect(await savedHeights(store)).toEqual(['10', '20', '30']);
    const sets = await store.db.query('SELECT hash FROM proof_validator_sets');
    expect(sets).toHaveLength(1);

    const restarted = headerVault(store.db);
    expect((await restarted.atOrBelow(20n))?.hash).toBe(verifiedAt(20n, 10n).hash);
    // Between saved heights: the nearest below; above them all: the highest, to go on from.
    expect(await restarted.atOrBelow(25n)).toMatchObject({ hash: verifiedAt(20n, 10n).hash, parent: 10n });
    expect((await restarted.atOrBelow(1000n))?.hash).toBe(verifiedAt(30n, 10n).hash);
    expect(await restarted.atOrBelow(5n)).toBeNull();
  }, 60_000);

  it('has saved, once asked, the headers a save under way was writing', async () => {
    const vault = headerVault(store.db);
    for (let height = 200n; height < 263n; height += 1n) await vault.save(verifiedAt(height, 10n));
    // The 64th starts a save; a proof naming these headers asks right then, before it is done.
    const writing = vault.save(verifiedAt(263n, 10n));
    await vault.saved();
    expect((await savedHeights(store)).filter((height) => Number(height) >= 200)).toHaveLength(64);
    await writing;
  }, 60_000);

  it('saves on its own once 64 headers wait', async () => {
    const vault = headerVault(store.db);
    for (let height = 100n; height < 164n; height += 1n) await vault.save(verifiedAt(height, 10n));
    expect((await savedHeights(store)).filter((height) => Number(height) >= 100 && Number(height) < 200)).toHaveLength(
      64,
    );
  }, 60_000);
});
