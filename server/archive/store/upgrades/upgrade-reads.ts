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

/**
 * Whether the chain still has x/group, as the module versions the archive recorded say (each
 * recording a whole set: at its first height and either side of each upgrade): null before any
 * was recorded; present while the latest set lists `group`; else gone, from the first set after
 * the last that listed it — with the upgrade applied at that height — or since the archive began
 * (a chain that had no x/group then: `left_at_height` null).
 */
export interface GroupModuleRecord {
  present: boolean;
  leftAtHeight: string | null;
  leftWithUpgrade: string | null;
  leftAtTime: string | null;
}

/**
 * True while the chain has x/group (or the archive has not recorded module versions yet): once an
 * upgrade removed it, no proposal is open for voting any more, whatever its voting end says.
 */
export const GROUP_MODULE_PRESENT_SQL = `NOT COALESCE(
  (SELECT max(height) FROM module_versions) > (SELECT max(height) FROM module_versions WHERE name = 'group'),
  false)`;

export async function readGroupModule(db: SqlExecutor): Promise<GroupModuleRecord | null> {
  const [heights] = await db.query<{ latest: string | null; last_present: string | null }>(
    `SELECT (SELECT max(height) FROM module_versions)::text AS latest,
       (SELECT max(height) FROM module_versions WHERE name = 'group')::text AS last_present`,
  );
  if (!heights?.latest) return null;
  if (heights.last_present === heights.latest) {
    return { present: true, leftAtHeight: null, leftWithUpgrade: null, leftAtTime: null };
  }
  if (heights.last_present === null) {
    return { present: false, leftAtHeight: null, leftWithUpgrade: null, leftAtTime: null };
  }
  const [left] = await db.query<{ height: string; name: string | null; applied_time: string | null }>(
    `SELECT s.height::text AS height, u.name, u.applied_time
     FROM (SELECT min(height) AS height FROM module_versions WHERE height > $1) s
     LEFT JOIN upgrades u ON u.applied_height = s.height
     ORDER BY u.name LIMIT 1`,
    [heights.last_present],
  );
  return {
    present: false,
    leftAtHeight: left.height,
    leftWithUpgrade: left.name,
    leftAtTime: left.applied_time,
  };
}
