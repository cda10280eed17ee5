import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { freePort, getJson, startPolity, type PolityProcess } from '../test/polity-process.ts';
import { createDatabase, dropDatabase } from '../test/postgres-admin.ts';
import { archiveMount } from './api/archive-mount.ts';
import { ArchiveStore } from './store/archive-store.ts';
import { readMetaValue } from './store/cursor/cursor-reads.ts';
import { claimMetaValue } from './store/cursor/cursor-writes.ts';

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

describe('an archive still opening its database', () => {
  it('answers its status (phase "starting"), and other paths 503 with a Retry-After', async () => {
    const mount = archiveMount({ get: () => null });
    const status = await mount('GET', '/polity/archive/v1/status', '');
    expect(status?.status).toBe(200);
    expect(JSON.parse(status?.body ?? '{}')).toMatchObject({ phase: 'starting', latest_height: null });
    const proposals = await mount('GET', '/polity/archive/v1/proposals', '');
    expect(proposals?.status).toBe(503);
    expect(proposals?.headers['Retry-After']).toBe('1');
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

  it('two Polity processes, each with a chain of its own, on one database: both archive and serve their chain', async () => {
    const database = await createDatabase(PG_URL!, `polity_two_${randomBytes(4).toString('hex')}`);
    drops.push(() => dropDatabase(database));
    const running: PolityProcess[] = [];
    drops.push(async () => void (await Promise.all(running.map((polity) => polity.stop()))));
    for (const seed of ['first-chain', 'second-chain']) {
      const dataDir = mkdtempSync(join(tmpdir(), `polity-${seed}-`));
      drops.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const args = ['--data-dir', dataDir, '--seed', seed, '--rpc-port', 'off', '--block-time', '200'];
      running.push(await startPolity(await freePort(), [...args, '--archive-db', database]));
    }
    type Status = { chain_id: string | null; phase: string; latest_height: string | null; problem: string | null };
    const statuses = await Promise.all(
      running.map(async (polity) => {
        const deadline = Date.now() + 60_000;
        for (;;) {
          const status = await getJson<Status>(`${polity.base}/polity/archive/v1/status`);
          if (status.phase === 'following' && status.latest_height !== null) return status;
          if (Date.now() > deadline) throw new Error(`not following: ${JSON.stringify(status)}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
    expect(statuses.map((status) => [status.chain_id, status.problem])).toEqual([
      ['polity-first-chain', null],
      ['polity-second-chain', null],
    ]);
  }, 120_000);
});
