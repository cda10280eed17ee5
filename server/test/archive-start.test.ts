import { randomBytes } from 'node:crypto';

import { afterAll, describe, expect, it } from 'vitest';

import { archiveMount } from '../archive/api/archive-mount.ts';
import { ArchiveStore } from '../archive/store/archive-store.ts';
import { claimMetaValue, readMetaValue } from '../archive/store/cursor-store.ts';
import { createDatabase, dropDatabase } from '../archive/store/postgres-admin.ts';

const PG_URL = process.env.POLITY_TEST_PG_URL;

describe('an archive that cannot start', () => {
  it('says why on every archive path (503 in the node error shape), not that there is none', async () => {
    const mount = archiveMount({
      get: () => undefined,
      failure: (name) => (name === 'hub' ? 'password rejected' : undefined),
    });
    const answer = await mount('GET', '/upstream/hub/polity/archive/v1/status', '');
    expect(answer?.status).toBe(503);
    expect(JSON.parse(answer?.body ?? '{}')).toEqual({
      code: 14,
      message: 'the archive could not start: password rejected',
      details: [],
    });
    // Another upstream without an archive is still left to the proxy.
    expect(mount('GET', '/upstream/other/polity/archive/v1/status', '')).toBeNull();
  });
});

describe.skipIf(!PG_URL)('two chains on one PostgreSQL database', () => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('start together, each migrating its own schema, and never share a table', async () => {
    const database = await createDatabase(PG_URL!, `polity_schemas_${randomBytes(4).toString('hex')}`);
    drops.push(() => dropDatabase(database));
    // Both at once, twice each: migrations take turns instead of colliding.
    const stores = await Promise.all([
      ArchiveStore.open(database),
      ArchiveStore.open(database, 'upstream_hub'),
      ArchiveStore.open(database, 'upstream_hub'),
      ArchiveStore.open(database),
    ]);
    try {
      expect(await claimMetaValue(stores[0].db, 'chain_id', 'local-1')).toBe(true);
      expect(await claimMetaValue(stores[1].db, 'chain_id', 'cosmoshub-4')).toBe(true);
      expect(await readMetaValue(stores[3].db, 'chain_id')).toBe('local-1');
      expect(await readMetaValue(stores[2].db, 'chain_id')).toBe('cosmoshub-4');
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
