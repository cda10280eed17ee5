import pg from 'pg';

// Databases made and dropped on a PostgreSQL server (tests and benchmarks each work in a database
// of their own), through its maintenance database. Names are made here, never taken from input.

const withDatabase = (url: string, name: string): string => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.href;
};

const databaseOf = (url: string) => new URL(url).pathname.slice(1);

async function asAdmin(url: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const checkedName = (name: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  return name;
};

/** A new, empty database on the server of `url` (one of that name is dropped first); its URL. */
export async function createDatabase(url: string, name: string): Promise<string> {
  const database = checkedName(name);
  await asAdmin(url, [`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`, `CREATE DATABASE ${database}`]);
  return withDatabase(url, database);
}

/** A copy of the database of `url`, named `name`; its URL. */
export async function copyDatabase(url: string, name: string): Promise<string> {
  const database = checkedName(name);
  await asAdmin(url, [
    `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`,
    `CREATE DATABASE ${database} TEMPLATE ${checkedName(databaseOf(url))}`,
  ]);
  return withDatabase(url, database);
}

/** SQLSTATE insufficient_privilege: FORCE could not end a session of another role. */
const NOT_ALLOWED_TO_END = '42501';

/**
 * Drops a database, ending its sessions. An autovacuum worker (the server's own, after a test's
 * writes) cannot be ended by a plain role, so DROP … WITH (FORCE) fails while one runs: it is
 * tried again until the worker is done (seconds at most), never skipped.
 */
export async function dropDatabase(url: string): Promise<void> {
  const statement = `DROP DATABASE IF EXISTS ${checkedName(databaseOf(url))} WITH (FORCE)`;
  for (let attempt = 1; ; attempt++) {
    try {
      await asAdmin(url, [statement]);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code !== NOT_ALLOWED_TO_END || attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** The name of the database a URL points at. */
export const databaseName = databaseOf;
