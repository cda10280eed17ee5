import { archiveTemplates, type ArchiveTemplates } from './archive-template.ts';
import { claimWriter, releaseWriter, renewWriter } from './cursor/cursor-writes.ts';
import { openPostgres } from './db/pg-database.ts';
import { isNewPglite, openPglite } from './db/pglite-database.ts';
import type { SqlDatabase, SqlExecutor } from './db/sql-database.ts';
import { migrate, requireCurrentSchema } from './schema.ts';

/** A transaction of the archive: what the subject stores' writes take. */
export type StoreTransaction = SqlExecutor;
/** Where the subject stores' reads run: the database, or a transaction. */
export type StoreReader = SqlExecutor;

/**
 * `postgres://…` through `pg` (in `schema` when given); otherwise the embedded PGlite in a
 * directory (in memory for `:memory:`).
 */
export async function openSqlDatabase(database: string, schema?: string): Promise<SqlDatabase> {
  if (isPostgresUrl(database)) return openPostgres(database, schema);
  return openPglite(pgliteDataDir(database));
}

const isPostgresUrl = (database: string) => /^postgres(ql)?:\/\//.test(database);
const pgliteDataDir = (database: string) => (database === ':memory:' ? undefined : database);

/**
 * The archive's database, migrated: PostgreSQL through `pg` for `postgres://…`, otherwise the
 * embedded PGlite in a directory (or in memory for `:memory:`). The subject modules beside this
 * one hold every statement; this holds the connection.
 */
export class ArchiveStore {
  private constructor(
    /** The database itself: the subject modules' reads and writes take it (tests inspect it too). */
    readonly db: SqlDatabase,
  ) {}

  /** `schema`: where this chain's tables live on a PostgreSQL server that holds several chains' archives. */
  static async open(
    database: string,
    schema?: string,
    templates: ArchiveTemplates = archiveTemplates,
  ): Promise<ArchiveStore> {
    if (isPostgresUrl(database)) return ArchiveStore.migrated(await openPostgres(database, schema));
    const dataDir = pgliteDataDir(database);
    // A new embedded archive starts from the template of this schema, or becomes it.
    const fresh = isNewPglite(dataDir);
    const template = fresh ? templates.find() : null;
    if (template && dataDir !== undefined && (await templates.copyUnpackedTo(dataDir)))
      return ArchiveStore.migrated(await openPglite(dataDir));
    const db = await openPglite(dataDir, template ?? undefined);
    const store = await ArchiveStore.migrated(db);
    if (fresh && !template) {
      // Only a cache: an archive that cannot be dumped still opens, and the next one is made anew.
      const dumped = await db.dump().catch(() => null);
      if (dumped) templates.keep(dumped);
    }
    // The next new archive in a directory is then a file copy (archive-template.ts).
    if (fresh && dataDir !== undefined) void templates.unpackInBackground();
    return store;
  }

  /**
   * A read-only copy of an archive on a PostgreSQL hot standby: never migrated (the primary's
   * writer does that, and the standby replays it); refused when its schema is not this Polity's.
   */
  static async openStandby(url: string, schema?: string): Promise<ArchiveStore> {
    return ArchiveStore.checked(await openPostgres(url, schema, true), requireCurrentSchema);
  }

  /** Migrates a database just opened; one that cannot be is closed again. */
  private static migrated(db: SqlDatabase): Promise<ArchiveStore> {
    return ArchiveStore.checked(db, migrate);
  }

  /** The store over `db` once `check` passed on it; a database that fails it is closed again. */
  private static async checked(db: SqlDatabase, check: (db: SqlDatabase) => Promise<void>): Promise<ArchiveStore> {
    try {
      await check(db);
    } catch (error) {
      await db.close().catch(() => undefined);
      throw error;
    }
    return new ArchiveStore(db);
  }

  /** An already open database (tests that crash a connection on purpose). */
  static async over(db: SqlDatabase): Promise<ArchiveStore> {
    await migrate(db);
    return new ArchiveStore(db);
  }

  /**
   * Another archive in a schema of the same database (a gap fill built beside this one), migrated.
   * Closing it leaves this one open.
   */
  async inSchema(schema: string): Promise<ArchiveStore> {
    return ArchiveStore.migrated(await this.db.inSchema(schema));
  }

  get kind(): SqlDatabase['kind'] {
    return this.db.kind;
  }

  /** The writer's lease this process holds (see claimWriter), renewed by every write. */
  private lease: { holder: string; ms: number } | null = null;

  /**
   * Takes (or renews) the right to write this archive: false while another process holds it. Once
   * taken, every write renews it, and fails whole if another process took it meanwhile.
   */
  async claimWriter(holder: string, leaseMs: number): Promise<boolean> {
    // Once a process has asked, its writes check the lease whether or not it was granted: a
    // refused renewal must not leave writes unchecked.
    this.lease = { holder, ms: leaseMs };
    return claimWriter(this.db, holder, leaseMs);
  }

  async releaseWriter(): Promise<void> {
    if (!this.lease) return;
    await releaseWriter(this.db, this.lease.holder);
    this.lease = null;
  }

  /** Runs `work` in one transaction: all of it is committed, or none of it. */
  write<T>(work: (tx: StoreTransaction) => Promise<T>): Promise<T> {
    const lease = this.lease;
    if (!lease) return this.db.transaction(work);
    return this.db.transaction(async (tx) => {
      await renewWriter(tx, lease.holder, lease.ms);
      return work(tx);
    });
  }

  /**
   * PGlite runs no background workers, so nothing would ever ANALYZE its tables; without
   * statistics the planner guesses, and a guess can read a whole group for a handful of votes.
   */
  async refreshStatistics(): Promise<void> {
    if (this.db.kind === 'pglite') await this.db.query('ANALYZE');
  }

  /**
   * After a gap fill replaced the whole history: PostgreSQL's autovacuum clears the rows it
   * replaced; PGlite runs none, so they are cleared here and the planner's statistics renewed.
   */
  async compact(): Promise<void> {
    if (this.db.kind === 'pglite') await this.db.query('VACUUM ANALYZE');
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
