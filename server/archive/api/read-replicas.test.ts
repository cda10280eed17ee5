import { randomBytes } from 'node:crypto';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness, type Harness } from '../../test/harness.ts';
import { createDatabase, dropDatabase } from '../../test/postgres-admin.ts';
import { startArchive, type Archive } from '../archive-service.ts';
import { readCursor } from '../store/cursor/cursor-reads.ts';
import { handleArchive } from './archive-http.ts';

// The archive's API on a PostgreSQL primary with a streaming hot standby (Debian's clusters on
// 127.0.0.1, made by scripts/start-postgres.sh and start-postgres-standby.sh): reads go to the
// standby while it keeps up, each answer says the height it is as of, a page that saw a height
// never reads an older state, a standby that falls behind or stops answering is left for the
// primary, and it serves again once it caught up.

const PRIMARY = process.env.POLITY_TEST_PG_URL;
const STANDBY = process.env.POLITY_TEST_PG_STANDBY_URL;
if (process.env.CI && (!PRIMARY || !STANDBY))
  throw new Error('CI must run the replica tests: set POLITY_TEST_PG_URL and POLITY_TEST_PG_STANDBY_URL');

const onServer = (server: string, database: string) => {
  const url = new URL(server);
  url.pathname = new URL(database).pathname;
  return url.href;
};

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.runIf(PRIMARY && STANDBY)('reads from a streaming replica', () => {
  let h: Harness;
  let archive: Archive;
  let database = '';
  let standby: pg.Client;

  const read = async (path: string, atLeast?: string) => {
    const answer = await handleArchive(
      archive,
      'GET',
      path,
      '',
      false,
      atLeast ? { 'x-polity-at-least': atLeast } : {},
    );
    return { ...answer, from: answer.headers['X-Polity-Read-From'], asOf: answer.headers['X-Polity-As-Of'] };
  };
  const primaryHeight = async () => (await readCursor(archive.store.db))?.height ?? 0n;
  const follow = async (blocks: number) => {
    h.node.advance(blocks, 3000);
    await until(async () => (await primaryHeight()) >= h.node.height, 'the archive to follow');
  };

  beforeAll(async () => {
    h = await startHarness({ seed: 'read-replicas' });
    database = await createDatabase(PRIMARY!, `polity_replica_${randomBytes(6).toString('hex')}`);
    archive = await startArchive({
      database,
      // A replica that is not there (stopped): passed over, said in the status.
      readDatabases: [onServer(STANDBY!, database), onServer('postgres://polity:polity@127.0.0.1:9/x', database)],
      rest: h.base,
      rpc: `${h.base}/rpc`,
      pollMs: 100,
      trust: null,
      log: () => undefined,
    });
    standby = new pg.Client({ connectionString: onServer(STANDBY!, database) });
    await follow(5);
    await until(async () => (await read('proposals')).from === 'replica', 'reads to reach the replica');
    await standby.connect();
  }, 120_000);

  afterAll(async () => {
    await standby?.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
    await standby?.end().catch(() => undefined);
    await archive?.close();
    await h?.close();
    if (database) await dropDatabase(database);
  });

  it('reads from the replica, says as of which height, and never serves a page an older state', async () => {
    const answer = await read('proposals');
    expect(answer.from).toBe('replica');
    expect(answer.asOf).toMatch(/^\d+$/);
    expect(JSON.parse(answer.body)).toHaveProperty('proposals');

    // The replica stops replaying: the primary moves on, the replica stays where it was.
    await standby.query('SELECT pg_wal_replay_pause()');
    const behind = BigInt((await read('proposals')).asOf);
    await follow(5);
    const ahead = await primaryHeight();
    expect(ahead).toBeGreaterThan(behind);
    // A page that saw the newer height reads the primary; one that did not may read the replica.
    await until(
      async () => (await read('proposals', String(ahead))).from === 'primary',
      'the primary for a newer page',
    );
    const fresh = await read('proposals', String(ahead));
    expect(BigInt(fresh.asOf)).toBeGreaterThanOrEqual(ahead);
    expect((await read('proposals')).from).toBe('replica');
    // More than 20 blocks behind: left for the primary, said in the status.
    await follow(25);
    await until(async () => (await read('proposals')).from === 'primary', 'a lagging replica to be left');
    const status = JSON.parse((await read('status')).body) as {
      read_replicas: { url: string; serving: boolean; lag: string | null; problem: string | null }[];
    };
    expect(status.read_replicas[0]).toMatchObject({ serving: false });
    expect(status.read_replicas[0].problem).toMatch(/more than 20 blocks behind the primary/);
    expect(status.read_replicas[0].url).not.toContain(':polity@');
    expect(status.read_replicas[1]).toMatchObject({ serving: false });
    expect(status.read_replicas[1].problem).toMatch(/^cannot be read: /);

    // Replaying again, it catches up and serves again.
    await standby.query('SELECT pg_wal_replay_resume()');
    await until(async () => (await read('proposals')).from === 'replica', 'the replica to serve again');
  }, 120_000);

  it('refuses a height that is not one', async () => {
    const answer = await read('proposals', 'soon');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toBe('X-Polity-At-Least must be a block height, got "soon"');
  });
});
