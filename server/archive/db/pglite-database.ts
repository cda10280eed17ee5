import { PGlite, types } from '@electric-sql/pglite';

import type { Row, SqlDatabase, SqlExecutor, SqlValue } from './sql-database.ts';

// Keep every integer and timestamp as text, as `pg` is configured to: ids are uint64 and must
// never become JavaScript numbers.
const AS_TEXT = Object.fromEntries(
  [types.INT8, types.NUMERIC, types.TIMESTAMPTZ, types.TIMESTAMP].map((oid) => [oid, (value: string) => value]),
);

class PgliteExecutor implements SqlExecutor {
  constructor(private readonly target: Pick<PGlite, 'query'>) {}

  async query<T extends Row = Row>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    const result = await this.target.query<T>(sql, [...params]);
    return result.rows;
  }
}

/** The embedded PostgreSQL (WASM): data under `dataDir`, or in memory when it is omitted. */
export async function openPglite(dataDir?: string): Promise<SqlDatabase> {
  // PostgreSQL's default 128 MB of shared buffers sits inside the WASM heap on top of the OS
  // page cache that already holds the files; a small pool keeps the embedded archive's memory low.
  // The text parsers are given once here: given per query, PGlite merges them into its own
  // table again for every statement.
  const options = { postgresqlconf: ['shared_buffers=16MB'], parsers: AS_TEXT };
  const db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await db.waitReady;
  const executor = new PgliteExecutor(db);
  return {
    kind: 'pglite',
    query: (sql, params) => executor.query(sql, params),
    transaction: (work) => db.transaction((tx) => work(new PgliteExecutor(tx))),
    exec: async (sql) => {
      await db.exec(sql);
    },
    close: () => db.close(),
  };
}
