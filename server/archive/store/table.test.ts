import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DATABASE_KINDS } from '../../test/archive-harness.ts';
import { ArchiveStore } from './archive-store.ts';
import type { SqlValue } from './db/sql-database.ts';
import { column, insertRows, type Table } from './table.ts';

// Rows go to PostgreSQL as one array literal per column: on-chain text (attacker-written) must
// come back exactly as it went in, however it tries to break out of its element.

const NOTES: Table = {
  name: 'insert_rows_notes',
  columns: [column('id', 'numeric(20)'), column('note', 'text', { nullable: true }), column('kept', 'boolean')],
  primaryKey: ['id'],
};

const HOSTILE = [
  '',
  'NULL',
  'null',
  '"',
  '\\',
  '\\"},{"',
  'a,b',
  '{1,2}',
  "it's",
  ' padded ',
  'line\nbreak\ttab',
  '\u202Eevil\u202C',
  '👍 ünïcödé',
  'x'.repeat(10_000),
];

describe.each(DATABASE_KINDS)('inserting rows on $kind', (kind) => {
  let store: ArchiveStore;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await kind.create();
    drop = fresh.drop;
    store = await ArchiveStore.open(fresh.database);
    await store.db.exec(
      'CREATE TABLE insert_rows_notes (id numeric(20) PRIMARY KEY, note text, kept boolean NOT NULL)',
    );
  }, 60_000);
  afterAll(async () => {
    await store.close();
    await drop();
  });

  it('keeps hostile text, nulls, uint64 ids and booleans exactly, across statements', async () => {
    const rows: SqlValue[][] = HOSTILE.map((note, index) => [
      String(18446744073709551615n - BigInt(index)),
      note,
      index % 2 === 0,
    ]);
    rows.push(['1', null, false]);
    // More rows than one statement carries.
    for (let index = 0; index < 6_000; index++) rows.push([String(100 + index), `note ${index}`, true]);
    await store.write((tx) => insertRows(tx, NOTES, rows, { conflict: '' }));
    const read = await store.db.query<{ id: string; note: string | null; kept: boolean }>(
      'SELECT id::text AS id, note, kept FROM insert_rows_notes ORDER BY insert_rows_notes.id DESC',
    );
    expect(read.length).toBe(rows.length);
    expect(read.slice(0, HOSTILE.length).map((row) => row.note)).toEqual(HOSTILE);
    expect(read[0].id).toBe('18446744073709551615');
    expect(read.slice(0, 2).map((row) => row.kept)).toEqual([true, false]);
    expect(read.find((row) => row.id === '1')).toEqual({ id: '1', note: null, kept: false });
  });

  it('keeps every row when their text takes several statements', async () => {
    const long = (index: number) => `${index}`.repeat(1_500_000 / String(index).length);
    const rows: SqlValue[][] = [7, 8, 9].map((index) => [String(200_000 + index), long(index), true]);
    await store.write((tx) => insertRows(tx, NOTES, rows, { conflict: '' }));
    const read = await store.db.query<{ id: string; size: number }>(
      'SELECT id::text AS id, length(note) AS size FROM insert_rows_notes WHERE id BETWEEN 200000 AND 200100 ORDER BY 1',
    );
    expect(read).toEqual([7, 8, 9].map((index) => ({ id: String(200_000 + index), size: long(index).length })));
  });

  it('applies the conflict clause to rows already there', async () => {
    await store.write((tx) =>
      insertRows(tx, NOTES, [['1', 'second', true]], {
        conflict: 'ON CONFLICT (id) DO UPDATE SET note = excluded.note',
      }),
    );
    const [row] = await store.db.query('SELECT note, kept FROM insert_rows_notes WHERE id = 1');
    expect(row).toEqual({ note: 'second', kept: false });
  });
});
