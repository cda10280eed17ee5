import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, describe, expect, it } from 'vitest';

import { openSqlDatabase } from '../archive/store/archive-store.ts';
import type { SqlDatabase } from '../archive/store/db/sql-database.ts';
import { archivedUpTo, DATABASE_KINDS, followNode } from './archive-harness.ts';
import { startHarness, type Harness } from './harness.ts';

/** A node in front of the real one that fails every fifth request (500 or a dropped connection). */
async function flakyNode(target: string): Promise<{ base: string; server: Server }> {
  let count = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      count++;
      if (count % 5 === 0) {
        if (count % 2 === 0) return res.destroy();
        res.writeHead(500, { 'Content-Type': 'application/json' });
        return res.end('{"code":13,"message":"node overloaded","details":[]}');
      }
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'x-cosmos-block-height']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      fetch(target + (req.url ?? '/'), {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A node in front of the real one whose status says it is `dip` blocks lower (a lagging replica). */
async function dippingNode(target: string): Promise<{ base: string; server: Server; dip: { blocks: number } }> {
  const dip = { blocks: 0 };
  const lower = (item: { result?: { sync_info?: { latest_block_height: string } } }) => {
    const sync = item.result?.sync_info;
    if (sync) sync.latest_block_height = String(BigInt(sync.latest_block_height) - BigInt(dip.blocks));
    return item;
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      fetch(target + (req.url ?? '/'), {
        method: req.method,
        headers: { 'content-type': req.headers['content-type'] ?? 'application/json', ...heightHeader(req.headers) },
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      })
        .then(async (answer) => {
          let body = await answer.text();
          if ((req.url ?? '').startsWith('/rpc') && dip.blocks > 0) {
            const parsed = JSON.parse(body) as Parameters<typeof lower>[0] | Parameters<typeof lower>[0][];
            body = JSON.stringify(Array.isArray(parsed) ? parsed.map(lower) : lower(parsed));
          }
          res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(body);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, dip };
}

const heightHeader = (headers: NodeJS.Dict<string | string[]>): Record<string, string> => {
  const value = headers['x-cosmos-block-height'];
  return typeof value === 'string' ? { 'x-cosmos-block-height': value } : {};
};

describe.each(DATABASE_KINDS)('archive faults on $kind', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function chain(seed: string, keepBlocks: number): Promise<Harness> {
    const harness = await startHarness({ seed, livePeriodS: 30, keepRecent: 500, keepBlocks });
    cleanups.push(() => harness.close());
    harness.node.advance(1, 3000);
    return harness;
  }

  it('records the heights the node no longer has as a gap, and goes on', async () => {
    const h = await chain('gaps', 30);
    const created = await kind.create();
    cleanups.push(created.drop);
    const first = await followNode(h.base, created.database);
    await archivedUpTo(first, h.node.height);
    const stoppedAt = h.node.height;
    await first.stopFollowing();
    h.node.advance(80, 3000);
    const resumed = await followNode(h.base, '', first.db);
    cleanups.push(() => resumed.close());
    await archivedUpTo(resumed, h.node.height);
    const gaps = await resumed.db.query<{ from_height: string; to_height: string; reason: string }>(
      'SELECT from_height::text AS from_height, to_height::text AS to_height, reason FROM archive_gaps ORDER BY from_height',
    );
    const base = h.node.blocks.base!;
    expect(gaps).toContainEqual({
      from_height: String(stoppedAt + 1n),
      to_height: String(base - 1n),
      reason: `blocks ${stoppedAt + 1n}-${base - 1n} were pruned on the node`,
    });
  }, 120_000);

  it('refuses a node of another chain or one reset below the archive, merging nothing', async () => {
    const original = await chain('original', 1000);
    const other = await chain('other', 1000);
    const created = await kind.create();
    cleanups.push(created.drop);
    const first = await followNode(original.base, created.database);
    original.node.advance(5, 3000);
    await archivedUpTo(first, original.node.height);
    await first.stopFollowing();
    const cursor = await first.db.query('SELECT * FROM archive_cursor');
    const wrong = await followNode(other.base, '', first.db);
    cleanups.push(() => wrong.close());
    for (let i = 0; i < 200 && wrong.follower.state.phase !== 'refused'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(wrong.follower.state.phase).toBe('refused');
    expect(wrong.follower.state.problem).toBe(
      'the node serves chain polity-other, but this archive holds chain polity-original',
    );
    expect(await first.db.query('SELECT * FROM archive_cursor')).toEqual(cursor);
  }, 120_000);

  it('waits out a node whose height dips below the archive for a moment, and goes on', async () => {
    const h = await chain('dip', 1000);
    const node = await dippingNode(h.base);
    cleanups.push(() => new Promise<void>((resolve) => node.server.close(() => resolve())));
    const created = await kind.create();
    cleanups.push(created.drop);
    const archive = await followNode(node.base, created.database);
    cleanups.push(() => archive.close());
    await archivedUpTo(archive, h.node.height);
    node.dip.blocks = 20;
    const deadline = Date.now() + 20_000;
    while (!/below the archived height/.test(archive.follower.state.lastError ?? '') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(archive.follower.state.lastError).toMatch(/below the archived height .*: waiting/);
    expect(archive.follower.state.phase).not.toBe('refused');
    node.dip.blocks = 0;
    h.node.advance(10, 3000);
    await archivedUpTo(archive, h.node.height);
    expect(archive.follower.state.phase).not.toBe('refused');
  }, 120_000);

  it('a node that fails and drops connections mid-way never corrupts the archive', async () => {
    const h = await chain('flaky', 1000);
    const flaky = await flakyNode(h.base);
    cleanups.push(() => new Promise<void>((resolve) => flaky.server.close(() => resolve())));
    flaky.server.closeAllConnections();
    const [clean, shaky] = [await kind.create(), await kind.create()];
    cleanups.push(clean.drop, shaky.drop);
    const reference = await followNode(h.base, clean.database);
    const suffering = await followNode(flaky.base, shaky.database);
    cleanups.push(
      () => reference.close(),
      () => suffering.close(),
    );
    await archivedUpTo(reference, h.node.height);
    await archivedUpTo(suffering, h.node.height, 120_000);
    h.node.advance(40, 3000);
    await archivedUpTo(reference, h.node.height);
    await archivedUpTo(suffering, h.node.height, 120_000);
    const dump = async (db: typeof reference.db) =>
      JSON.stringify([
        await db.query('SELECT * FROM votes ORDER BY proposal_id, voter'),
        await db.query('SELECT id, status, final_tally, pruned_height FROM proposals ORDER BY id'),
        await db.query('SELECT * FROM proposal_timeline ORDER BY proposal_id, height, seq'),
      ]);
    expect(await dump(suffering.db)).toBe(await dump(reference.db));
    expect(suffering.follower.state.lastError === null || suffering.follower.state.phase === 'following').toBe(true);
  }, 240_000);

  it('a batch whose write fails while the next one is read is written again: nothing lost, nothing doubled', async () => {
    const h = await chain('failed-write', 1000);
    const [clean, failing] = [await kind.create(), await kind.create()];
    cleanups.push(clean.drop, failing.drop);
    const reference = await followNode(h.base, clean.database);
    cleanups.push(() => reference.close());
    // Once armed, the third and fifth batches are rolled back at their end, as a full disk or a
    // lost connection to PostgreSQL would leave them.
    const db = await openSqlDatabase(failing.database);
    let armed = false;
    let writes = 0;
    const faulty: SqlDatabase = {
      ...db,
      kind: db.kind,
      query: (sql, params) => db.query(sql, params),
      transaction: (work) =>
        db.transaction(async (tx) => {
          const result = await work(tx);
          if (!armed) return result;
          writes++;
          if (writes === 3 || writes === 5) throw new Error('could not write to the archive');
          return result;
        }),
    };
    const suffering = await followNode(h.base, '', faulty);
    cleanups.push(() => suffering.close());
    await archivedUpTo(reference, h.node.height);
    await archivedUpTo(suffering, h.node.height);
    // A catch-up of several batches (16 blocks each) with the writes failing in it.
    armed = true;
    h.node.advance(120, 3000);
    await archivedUpTo(reference, h.node.height);
    await archivedUpTo(suffering, h.node.height, 120_000);
    expect(writes).toBeGreaterThan(5);
    const dump = async (archive: typeof reference.db) =>
      JSON.stringify([
        await archive.query('SELECT * FROM votes ORDER BY proposal_id, voter'),
        await archive.query('SELECT id, status, final_tally, pruned_height FROM proposals ORDER BY id'),
        await archive.query('SELECT * FROM proposal_timeline ORDER BY proposal_id, height, seq'),
        await archive.query('SELECT * FROM group_history ORDER BY group_id, height, seq'),
      ]);
    expect(await dump(db)).toBe(await dump(reference.db));
  }, 240_000);
});
