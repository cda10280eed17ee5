import type { Row, SqlExecutor } from '../db/sql-database.ts';
import type { Plan } from './upgrade-tables.ts';

// What the follower and the archive API read of upgrades.

/** Plans scheduled and neither applied nor cancelled: the follower watches for their height. */
export async function readPendingPlans(db: SqlExecutor): Promise<Plan[]> {
  return db.query<Plan & Record<string, unknown>>(
    'SELECT name, height::text AS height, info FROM upgrades WHERE applied_height IS NULL AND cancelled_height IS NULL',
  );
}

export async function readPlans(db: SqlExecutor): Promise<Row[]> {
  return db.query(
    `SELECT name, height::text AS height, info, scheduled_height::text AS scheduled_height,
       applied_height::text AS applied_height, applied_time, scheduled_by,
       cancelled_height::text AS cancelled_height, cancelled_by FROM upgrades ORDER BY height, name`,
  );
}

export async function readModuleVersionChanges(db: SqlExecutor): Promise<Row[]> {
  return db.query(
    'SELECT name, version::text AS version, height::text AS height FROM module_versions ORDER BY height, name',
  );
}

/** The names of the applied upgrades, in the order they were applied (all, or the one named). */
export async function readAppliedUpgradeNames(db: SqlExecutor, name?: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT name FROM upgrades WHERE applied_height IS NOT NULL AND ($1::text IS NULL OR name = $1)
     ORDER BY applied_height, name`,
    [name ?? null],
  );
  return rows.map((row) => row.name);
}
