import { column, type Table } from '../table.ts';

// Where the archive stands: the chain it holds (meta), the last block committed (cursor), the
// heights it did not observe (gaps), and which process writes it (the writer's lease).

export const META: Table = {
  name: 'archive_meta',
  columns: [column('key', 'text'), column('value', 'text')],
  primaryKey: ['key'],
};

export const CURSOR: Table = {
  name: 'archive_cursor',
  columns: [
    column('singleton', 'boolean', { extra: 'DEFAULT true CHECK (singleton)' }),
    column('height', 'numeric(20)'),
    column('block_hash', 'text'),
    column('block_time', 'text'),
  ],
  primaryKey: ['singleton'],
  history: true,
};

export const GAPS: Table = {
  name: 'archive_gaps',
  columns: [column('from_height', 'numeric(20)'), column('to_height', 'numeric(20)'), column('reason', 'text')],
  primaryKey: ['from_height'],
  history: true,
};

/**
 * Which process writes this archive: any number may read one database, exactly one follows. The
 * writer holds a lease it renews in every write; one that stops renewing (killed, cut off) loses
 * it when it runs out, and another takes over.
 */
export const WRITER: Table = {
  name: 'archive_writer',
  columns: [
    column('singleton', 'boolean', { extra: 'DEFAULT true CHECK (singleton)' }),
    column('holder', 'text'),
    column('expires_at', 'timestamptz'),
  ],
  primaryKey: ['singleton'],
  since: 3,
};
