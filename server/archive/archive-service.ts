import type { ArchiveSource } from './api/archive-routes.ts';
import { migrate } from './db/migrations.ts';
import { openPostgres } from './db/pg-database.ts';
import { openPglite } from './db/pglite-database.ts';
import type { SqlDatabase } from './db/sql-database.ts';
import { Follower } from './follower/follower.ts';
import { RestReader } from './node/rest-reader.ts';
import { RpcReader } from './node/rpc-reader.ts';

export interface ArchiveConfig {
  /** `postgres://…` for a PostgreSQL server; otherwise a directory for the embedded PGlite. */
  database: string;
  rest: string;
  rpc: string;
  batch: number;
  pollMs: number;
  log: (line: string) => void;
}

/** One archive: its database, the follower filling it, and what the API reads. */
export interface Archive extends ArchiveSource {
  readonly follower: Follower;
  close(): Promise<void>;
}

export async function openDatabase(database: string): Promise<SqlDatabase> {
  if (/^postgres(ql)?:\/\//.test(database)) return openPostgres(database);
  return openPglite(database === ':memory:' ? undefined : database);
}

/** Opens the database (migrating it), connects to the node and starts following. */
export async function startArchive(config: ArchiveConfig): Promise<Archive> {
  const db = await openDatabase(config.database);
  await migrate(db);
  const rpc = await RpcReader.connect(config.rpc);
  const follower = new Follower(db, rpc, new RestReader(config.rest), {
    batch: config.batch,
    pollMs: config.pollMs,
    log: config.log,
  });
  follower.start();
  return {
    db,
    follower,
    source: { rest: config.rest, rpc: config.rpc },
    async close() {
      await follower.stop();
      rpc.disconnect();
      await db.close();
    },
  };
}
