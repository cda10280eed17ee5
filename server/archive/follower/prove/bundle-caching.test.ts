import { createHash } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE_KINDS, type TestArchive } from '../../../test/archive-harness.ts';
import { handleArchive } from '../../api/archive-http.ts';
import { provenArchive, type ProvenArchive } from './proven-archive.ts';

// A proposal the chain pruned, every fact of it proven, has a bundle that can no longer change:
// it is built once, kept in the archive's database, and served with its SHA-256 as a strong ETag
// and a year's Cache-Control, so a cache in front of Polity answers repeats. A proposal still in
// the chain's state has a bundle that may change with the next block: a few seconds only.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('bundles that can no longer change', () => {
  let proven: ProvenArchive;
  let archive: TestArchive;

  beforeAll(async () => {
    proven = await provenArchive(DATABASE_KINDS[0]);
    ({ archive } = proven);
  }, 300_000);

  afterAll(async () => {
    await proven?.close();
  });

  it("keeps a pruned proposal's bundle and serves it for a year; an open proposal's for seconds", async () => {
    const pruned = await archive.db.query<{ id: string }>(
      'SELECT id::text AS id FROM proposals WHERE pruned_height IS NOT NULL ORDER BY id',
    );
    let final: { id: string; body: string; etag: string } | null = null;
    for (const { id } of pruned) {
      const answer = await handleArchive(archive, 'GET', `proofs/proposals/${id}`, '');
      if (answer.headers['Cache-Control'] === 'public, max-age=31536000, immutable') {
        final = { id, body: answer.body, etag: answer.headers.ETag };
        break;
      }
    }
    if (!final) throw new Error('no pruned proposal with every fact proven');
    expect(final.etag).toBe(`"${sha256(final.body)}"`);
    const kept = await archive.db.query<{ body: string }>('SELECT body FROM proof_bundles WHERE request = $1', [
      `proofs/proposals/${final.id}`,
    ]);
    expect(kept.map((row) => row.body)).toEqual([final.body]);
    // Asked again with its tag: nothing to send.
    const again = await handleArchive(archive, 'GET', `proofs/proposals/${final.id}`, '', false, {
      'if-none-match': final.etag,
    });
    expect([again.status, again.body, again.headers.ETag]).toEqual([304, '', final.etag]);

    const [open] = await archive.db.query<{ id: string }>(
      'SELECT id::text AS id FROM proposals WHERE pruned_height IS NULL ORDER BY id DESC LIMIT 1',
    );
    const changing = await handleArchive(archive, 'GET', `proofs/proposals/${open.id}`, '');
    expect(changing.headers['Cache-Control']).toBe('public, max-age=5');
    expect(changing.headers.ETag).toBe(`"${sha256(changing.body)}"`);
    const keptOpen = await archive.db.query('SELECT 1 FROM proof_bundles WHERE request = $1', [
      `proofs/proposals/${open.id}`,
    ]);
    expect(keptOpen).toEqual([]);
  });
});
