import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { ArchiveStore } from './archive-store.ts';
import { ArchiveTemplates } from './archive-template.ts';
import type { PgliteDatabase } from './db/pglite-database.ts';

// A new embedded archive starts from a dump of an empty, migrated one instead of running initdb:
// the first is made and kept, the later ones are copies of it, and a damaged copy is never loaded.

const folder = () => mkdtempSync(join(tmpdir(), 'polity-templates-'));
const tables = async (store: ArchiveStore) =>
  (
    await store.db.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    )
  ).map((row) => row.name);

/**
 * A folder's only template, one that says where a database came from: a table no migration makes.
 * (Made aside: a folder with two templates of one schema may give either, in directory order.)
 */
async function markedTemplate(where: string): Promise<ArchiveTemplates> {
  const made = await ArchiveStore.open(':memory:', undefined, new ArchiveTemplates(null));
  await made.db.query('CREATE TABLE made_from_the_template (id integer)');
  new ArchiveTemplates(where).keep(await (made.db as PgliteDatabase).dump());
  await made.db.close();
  return new ArchiveTemplates(where);
}

describe('a new archive from the template', { timeout: 60_000 }, () => {
  it('keeps the first archive made as the template, and starts the next ones from it', async () => {
    const where = folder();
    const first = await ArchiveStore.open(':memory:', undefined, new ArchiveTemplates(where));
    expect(readdirSync(where).filter((name) => name.endsWith('.tgz'))).toHaveLength(1);
    const migrated = await tables(first);
    await first.db.close();

    const templates = await markedTemplate(folder());
    for (const database of [':memory:', join(folder(), 'archive')]) {
      const next = await ArchiveStore.open(database, undefined, templates);
      expect(await tables(next)).toEqual([...migrated, 'made_from_the_template'].sort());
      await next.db.close();
    }
  });

  it('unpacks the template once, then makes a new archive directory as a copy of it', async () => {
    const where = folder();
    const templates = await markedTemplate(where);
    templates.find();
    await templates.unpackInBackground();
    const unpacked = readdirSync(where).filter((name) => name.endsWith('.dir'));
    expect(unpacked).toHaveLength(1);

    const dataDir = join(folder(), 'archive');
    expect(await templates.copyUnpackedTo(dataDir)).toBe(true);
    const copy = await ArchiveStore.open(dataDir, undefined, templates);
    expect(await tables(copy)).toContain('made_from_the_template');
    await copy.db.close();
    // A directory with something else in it is never copied over.
    const occupied = folder();
    writeFileSync(join(occupied, 'notes.txt'), 'mine');
    expect(await templates.copyUnpackedTo(occupied)).toBe(false);
    expect(readdirSync(occupied)).toEqual(['notes.txt']);
  });

  it('passes over a damaged template and makes the archive from scratch, leaving the file as it was', async () => {
    const where = folder();
    await markedTemplate(where);
    const [name] = readdirSync(where);
    const damaged = readFileSync(join(where, name));
    damaged[damaged.length >> 1] ^= 0xff;
    writeFileSync(join(where, name), damaged);

    const templates = new ArchiveTemplates(where);
    expect(templates.find()).toBeNull();
    const store = await ArchiveStore.open(':memory:', undefined, templates);
    expect(await tables(store)).not.toContain('made_from_the_template');
    expect(await tables(store)).toContain('schema_migrations');
    await store.db.close();
    expect(readFileSync(join(where, name))).toEqual(damaged);
  });
});
