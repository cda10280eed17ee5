import { createHash } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ProofBundle } from '../../../../verify/bundle-format.ts';
import { ArchiveStore } from '../../store/archive-store.ts';
import { saveTrustRoot } from '../../store/proofs/proof-store.ts';
import { handleArchive } from '../archive-http.ts';
import type { ArchiveSource } from '../archive-source.ts';
import { BusyError, serializeInSlices, WorkTurns } from './bundle-serial.ts';

// A voter with thousands of votes gets its bundle in pages of 2,000, each a whole bundle linked
// to the pages beside it; a page past the last is a 404 and a page that is not a number a 400.
// Bundles are written slice by slice, the same bytes JSON.stringify writes, a few at a time.

const VOTER = 'cosmos1w0v0g5m0l3jammh5hdu8ff0pglyaq2ysyknh3p';

describe('proof bundles in pages', () => {
  let store: ArchiveStore;

  beforeAll(async () => {
    store = await ArchiveStore.open(':memory:');
    await saveTrustRoot(store.db, { kind: 'header', height: '10', hash: 'AB'.repeat(32) });
    await store.db.query(
      `INSERT INTO fact_proofs (subject, subject_key, height, verified, record_version, evidence, reason)
       SELECT 'vote', n::text || '/' || $1, NULL, false, '1', NULL, 'not proven yet'
       FROM generate_series(1, 4500) AS n`,
      [VOTER],
    );
  }, 60_000);

  afterAll(async () => {
    await store?.close();
  });

  const get = async (path: string, method = 'GET', headers: Record<string, string> = {}) => {
    const source = { store } as unknown as ArchiveSource;
    const [route, query = ''] = path.split('?');
    return handleArchive(source, method, route, query, false, headers);
  };

  it('serves 2,000 votes a page, each page linked to the next and the previous', async () => {
    const first = await get(`proofs/voters/${VOTER}`);
    expect(first.status).toBe(200);
    const bundle = JSON.parse(first.body) as ProofBundle;
    expect(bundle.page).toEqual({
      number: 1,
      of: 3,
      items: 'votes',
      first: 1,
      last: 2000,
      total: 4500,
      previous: null,
      next: `proofs/voters/${VOTER}?page=2`,
    });
    expect(bundle.unproven).toHaveLength(2000);
    expect(bundle.subject.label).toBe(`Every vote of ${VOTER}, page 1 of 3`);
    const last = JSON.parse((await get(`proofs/voters/${VOTER}?page=3`)).body) as ProofBundle;
    expect(last.unproven).toHaveLength(500);
    expect(last.page).toMatchObject({ first: 4001, last: 4500, previous: `proofs/voters/${VOTER}?page=2`, next: null });
    // The pages together hold each vote once.
    const middle = JSON.parse((await get(`proofs/voters/${VOTER}?page=2`)).body) as ProofBundle;
    const all = [...bundle.unproven, ...middle.unproven, ...last.unproven].map((entry) => entry.what);
    expect(new Set(all).size).toBe(4500);
  });

  it('answers a page past the last with 404 and a page that is not a number with 400', async () => {
    expect((await get(`proofs/voters/${VOTER}?page=4`)).status).toBe(404);
    expect(JSON.parse((await get(`proofs/voters/${VOTER}?page=0`)).body)).toMatchObject({
      code: 3,
      message: 'page must be a whole number from 1, got "0"',
    });
    expect((await get(`proofs/voters/${VOTER}?page=two`)).status).toBe(400);
  });

  it('names a bundle by its SHA-256 for caches, answers 304 to that tag, and HEAD as GET', async () => {
    const first = await get(`proofs/voters/${VOTER}?page=3`);
    const etag = `"${createHash('sha256').update(first.body).digest('hex')}"`;
    // A voter may vote again: the bundle may change, so a cache keeps it for seconds only.
    expect(first.headers).toMatchObject({ ETag: etag, 'Cache-Control': 'public, max-age=5' });
    const again = await get(`proofs/voters/${VOTER}?page=3`, 'GET', { 'if-none-match': `W/${etag}` });
    expect([again.status, again.body]).toEqual([304, '']);
    expect((await get(`proofs/voters/${VOTER}?page=3`, 'HEAD')).status).toBe(200);
    // A bundle kept as final is served as kept, for a year, without being built again.
    const kept = '{"kept":"as served"}';
    await store.db.query('INSERT INTO proof_bundles (request, sha256, body) VALUES ($1, $2, $3)', [
      `proofs/voters/${VOTER}?page=2`,
      'ab'.repeat(32),
      kept,
    ]);
    const served = await get(`proofs/voters/${VOTER}?page=2`);
    expect([served.body, served.headers.ETag, served.headers['Cache-Control']]).toEqual([
      kept,
      `"${'ab'.repeat(32)}"`,
      'public, max-age=31536000, immutable',
    ]);
  });
});

describe('writing and building bundles without holding the server', () => {
  it('writes the very bytes JSON.stringify writes, slice by slice', async () => {
    const value = {
      format: 'x',
      items: Array.from({ length: 1234 }, (_, index) => ({ index, text: `é\u202E"${index}` })),
      empty: [],
      skipped: undefined,
      nested: { a: [1, 2] },
    };
    expect((await serializeInSlices(value)).text).toBe(JSON.stringify(value));
  });

  it('builds two at a time, lets a few wait, and turns the rest away with a time to come back', async () => {
    const turns = new WorkTurns(2, 1);
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const work = () =>
      turns.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running -= 1;
      });
    const started = [work(), work(), work()];
    const refused = await work().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BusyError);
    expect((refused as BusyError).retryAfterSeconds).toBe(3);
    while (release.length > 0 || running > 0) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(started);
    expect(most).toBe(2);
  });
});
