import type { Row, SqlExecutor } from '../db/sql-database.ts';
import { keysetPage, type PageParams } from '../keyset-page.ts';

// What the archive API reads of groups: a group's history.

/** A page of a group's history, oldest first unless `descending`. */
export function readGroupHistory(db: SqlExecutor, groupId: string, descending: boolean, page: PageParams) {
  return keysetPage(
    db,
    {
      sql: `SELECT group_id::text AS group_id, height::text AS height, seq::text AS seq, block_time, kind, address, old_value,
        new_value FROM group_history WHERE group_id = $1::numeric`,
      params: [groupId],
    },
    { columns: ['height', 'seq'], descending, keyOf: (row: Row) => [String(row.height), String(row.seq)] },
    page,
  );
}
