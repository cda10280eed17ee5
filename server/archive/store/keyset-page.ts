import { invalidArgument } from '../../lib/grpc-status.ts';
import type { Row, SqlExecutor, SqlValue } from './db/sql-database.ts';

export type { Row };

// Pages of the archive's lists, keyed by the sort values of the last row (never an offset, so a
// page costs the same deep in a million rows as at the start).

export interface PageParams {
  /** The decoded cursor: the sort values of the last row of the previous page. */
  after: string[] | null;
  limit: number;
  countTotal: boolean;
}

export interface KeysetPage {
  rows: Row[];
  pagination: { next_key: string | null; total: string };
}

export const encodeKey = (values: string[]) => Buffer.from(JSON.stringify(values)).toString('base64');

/** PostgreSQL's class 22 (data exception): a value that cannot be read as its column's type. */
const isDataException = (error: unknown) =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('22');

/** Rows after the cursor, one extra to know whether another page follows. */
export async function keysetPage(
  db: SqlExecutor,
  base: { sql: string; params: SqlValue[] },
  order: { columns: string[]; descending: boolean; keyOf: (row: Row) => string[] },
  page: PageParams,
): Promise<KeysetPage> {
  const params = [...base.params];
  let where = '';
  if (page.after) {
    if (page.after.length !== order.columns.length)
      throw invalidArgument('pagination.key is not a key this archive gave out');
    const placeholders = page.after.map((value) => {
      params.push(value);
      return `$${params.length}`;
    });
    where = ` AND (${order.columns.join(', ')}) ${order.descending ? '<' : '>'} (${placeholders.join(', ')})`;
  }
  const direction = order.descending ? 'DESC' : 'ASC';
  const sql = `${base.sql}${where} ORDER BY ${order.columns.map((column) => `${column} ${direction}`).join(', ')} LIMIT ${page.limit + 1}`;
  const rows = await db.query(sql, params).catch((error: unknown) => {
    // A key of the right shape whose values do not fit the columns (text where a number belongs).
    if (page.after && isDataException(error))
      throw invalidArgument('pagination.key is not a key this archive gave out');
    throw error;
  });
  const more = rows.length > page.limit;
  const kept = rows.slice(0, page.limit);
  let total = '0';
  if (page.countTotal && !page.after) {
    const counted = await db.query<{ total: string }>(
      `SELECT count(*)::text AS total FROM (${base.sql}) counted`,
      base.params,
    );
    total = counted[0].total;
  }
  const nextKey = more ? encodeKey(order.keyOf(kept[kept.length - 1])) : null;
  return { rows: kept, pagination: { next_key: nextKey, total } };
}
