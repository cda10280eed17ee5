import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { openPglite } from './pglite-database.ts';
import type { SqlDatabase } from './sql-database.ts';

// The embedded PostgreSQL runs on a thread of its own; what the archive sees of it must be what
// one in-thread session would give: whole transactions, PostgreSQL's errors, exact numbers.

const opened: SqlDatabase[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});
const open = async (dataDir?: string) => {
  const db = await openPglite(dataDir);
  opened.push(db);
  return db;
};

describe('the embedded archive database on its own thread', () => {
  it('keeps uint64 ids and decimals exact, and reports PostgreSQL errors as PostgreSQL words them', async () => {
    const db = await open();
    const [row] = await db.query(
      'SELECT $1::numeric(20) AS id, $2::numeric AS weight, $3::int8 AS height, $4::timestamptz AS at',
      ['18446744073709551615', '0.100000000000000000000001', '9007199254740993', '2026-11-22T10:00:00.123456Z'],
    );
    expect(row).toEqual({
      id: '18446744073709551615',
      weight: '0.100000000000000000000001',
      height: '9007199254740993',
      at: '2026-11-22 10:00:00.123456+00',
    });
    await expect(db.query('SELECT missing_column')).rejects.toMatchObject({
      message: 'column "missing_column" does not exist',
      code: '42703',
    });
  });

  it('lets nothing from outside run inside a transaction, and undoes a failed one whole', async () => {
    const db = await open();
    await db.exec('CREATE TABLE entries (n integer)');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = db.transaction(async (tx) => {
      await tx.query('INSERT INTO entries VALUES (1)');
      await held;
      await tx.query('INSERT INTO entries VALUES (2)');
    });
    // Asked while the transaction is open: answered after its COMMIT, never between its writes.
    const counted = db.query<{ n: string }>('SELECT count(*)::text AS n FROM entries');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await writing;
    expect((await counted)[0].n).toBe('2');

    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO entries VALUES (3)');
        throw new Error('the node changed under the follower');
      }),
    ).rejects.toThrow('the node changed under the follower');
    expect((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM entries'))[0].n).toBe('2');
  });

  it('keeps what was committed across a close and a reopen of its directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'polity-pglite-'));
    dirs.push(dir);
    const first = await openPglite(dir);
    await first.exec("CREATE TABLE kept (name text); INSERT INTO kept VALUES ('upgrade v2')");
    await first.close();
    await expect(first.query('SELECT 1')).rejects.toThrow(`the embedded archive database in ${dir} is closed`);
    const again = await open(dir);
    expect(await again.query('SELECT name FROM kept')).toEqual([{ name: 'upgrade v2' }]);
  });

  it('refuses to open a data directory that is a file, naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'polity-pglite-'));
    dirs.push(dir);
    const file = join(dir, 'archive');
    writeFileSync(file, 'not a database\n');
    await expect(openPglite(file)).rejects.toThrow(
      `could not open the embedded archive database in ${file}: file system error: not a directory`,
    );
  });
});
