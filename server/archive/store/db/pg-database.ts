import pg from 'pg';

import { inTransaction, plainSchemaName, type Row, type SqlDatabase, type SqlValue } from './sql-database.ts';

// numeric, int8 and timestamps as text: uint64 ids and exact decimals never become numbers.
const TEXT_TYPES = [pg.types.builtins.NUMERIC, pg.types.builtins.INT8, pg.types.builtins.TIMESTAMPTZ];

function textParsers(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: string) =>
      TEXT_TYPES.includes(oid)
        ? (value: string) => value
        : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/**
 * A real PostgreSQL server, for scale: `postgres://user:password@host:port/database`. Given a
 * schema, every connection works in it (created if missing): several chains' archives can share
 * one database without sharing a table.
 */
/** `readOnly`: a hot standby, where nothing is created (the schema is the primary's, replicated). */
export async function openPostgres(url: string, schema?: string, readOnly = false): Promise<SqlDatabase> {
  if (schema !== undefined && !readOnly) {
    plainSchemaName(schema);
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } catch (error) {
      // Two processes creating it at once: the loser sees it exist.
      if (!(error instanceof Error && /already exists|duplicate key/.test(error.message))) throw error;
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 4,
    types: textParsers(),
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // An idle connection the server drops (a restart, a failover) is reported here; unheard, it
  // would end the whole process. The next query opens a new connection, and the follower retries.
  pool.on('error', (error) => console.warn(`archive database connection lost: ${error.message}`));
  try {
    const check = await pool.connect();
    check.release();
  } catch (error) {
    // Nothing is left open by a database that could not be reached (a replica is asked again later).
    await pool.end().catch(() => undefined);
    throw error;
  }
  const run = async <T extends Row>(client: pg.Pool | pg.PoolClient, sql: string, params: readonly SqlValue[] = []) =>
    (await client.query<T>(sql, [...params])).rows;
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(work) {
      const client = await pool.connect();
      try {
        return await inTransaction({ query: (sql, params) => run(client, sql, params) }, work);
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    inSchema: (other) => openPostgres(url, other),
    close: () => pool.end(),
  };
}
