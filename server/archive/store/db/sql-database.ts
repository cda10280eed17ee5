// The one SQL interface the archive uses, whichever PostgreSQL runs behind it: PGlite (WASM,
// embedded, the default) or a real server through `pg`. Parameters are positional ($1…), values
// go in as text (or null) and numeric columns come back as text, so nothing passes through a
// JavaScript number.

export type SqlValue = string | boolean | null;
export type Row = Record<string, unknown>;

export interface SqlExecutor {
  query<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
}

export interface SqlDatabase extends SqlExecutor {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: all of it is committed, or none of it. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * The same database seen from another schema (created if missing): unqualified names resolve
   * there. Closing it leaves this one open.
   */
  inSchema(schema: string): Promise<SqlDatabase>;
  close(): Promise<void>;
}

/** A schema name safe to write into SQL as it is. */
export function plainSchemaName(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`not a plain schema name: ${schema}`);
  return schema;
}

/**
 * BEGIN, the work, COMMIT, on one session. On a failure the work is rolled back and the failure
 * itself is thrown: a ROLLBACK that fails too (the connection or thread is gone) adds nothing.
 */
export async function inTransaction<T>(session: SqlExecutor, work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  await session.query('BEGIN');
  try {
    const result = await work(session);
    await session.query('COMMIT');
    return result;
  } catch (error) {
    await session.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
