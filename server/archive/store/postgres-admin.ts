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

export async function dropDatabase(url: string): Promise<void> {
  await asAdmin(url, [`DROP DATABASE IF EXISTS ${checkedName(databaseOf(url))} WITH (FORCE)`]);
}

/** The name of the database a URL points at. */
export const databaseName = databaseOf;
