import type { PlanSource } from '../vocabulary.ts';
import type { Row, SqlExecutor, SqlValue } from './db/sql-database.ts';
import { column, insertRows, type Table } from './table.ts';

// Upgrade plans (scheduled and applied) and the module versions seen at each height.

export const UPGRADES: Table = {
  name: 'upgrades',
  columns: [
    column('name', 'text'),
    column('height', 'numeric(20)'),
    column('info', 'text'),
    column('scheduled_height', 'numeric(20)', { nullable: true }),
    column('applied_height', 'numeric(20)', { nullable: true }),
    column('applied_time', 'text', { nullable: true }),
    // What scheduled the plan, and what cancelled or replaced it (see PlanSource).
    column('scheduled_by', 'text', { nullable: true, since: 2 }),
    column('cancelled_height', 'numeric(20)', { nullable: true, since: 2 }),
    column('cancelled_by', 'text', { nullable: true, since: 2 }),
  ],
  primaryKey: ['name'],
};

export const MODULE_VERSIONS: Table = {
  name: 'module_versions',
  columns: [column('name', 'text'), column('height', 'numeric(20)'), column('version', 'numeric(20)')],
  primaryKey: ['name', 'height'],
};

export interface Plan {
  name: string;
  height: string;
  info: string;
}

/**
 * A plan as scheduled at `height` (a plan of the same name scheduled again is replaced); a
 * reading older than the one stored changes nothing.
 */
export async function schedulePlan(
  tx: SqlExecutor,
  plan: Plan,
  height: bigint,
  source: PlanSource | null,
): Promise<void> {
  await tx.query(
    `INSERT INTO upgrades (name, height, info, scheduled_height, scheduled_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (name) DO UPDATE SET height = excluded.height, info = excluded.info,
       scheduled_height = excluded.scheduled_height, scheduled_by = excluded.scheduled_by,
       cancelled_height = NULL, cancelled_by = NULL
     WHERE upgrades.scheduled_height IS NULL OR upgrades.scheduled_height <= excluded.scheduled_height`,
    [plan.name, plan.height, plan.info, String(height), source],
  );
}

/** A plan cancelled (or replaced by another) at `height`, before it was applied. */
export async function cancelPlan(
  tx: SqlExecutor,
  name: string,
  height: bigint,
  source: PlanSource | null,
): Promise<void> {
  await tx.query(
    `UPDATE upgrades SET cancelled_height = $2::numeric, cancelled_by = $3
     WHERE name = $1 AND applied_height IS NULL AND (scheduled_height IS NULL OR scheduled_height <= $2::numeric)`,
    [name, String(height), source],
  );
}

/** A plan found already scheduled when the archive began (when it was scheduled is unknown). */
export async function knowPlan(tx: SqlExecutor, plan: Plan): Promise<void> {
  await tx.query('INSERT INTO upgrades (name, height, info) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
    plan.name,
    plan.height,
    plan.info,
  ]);
}

export async function markApplied(tx: SqlExecutor, name: string, height: bigint, time: string | null): Promise<void> {
  await tx.query('UPDATE upgrades SET applied_height = $2::numeric, applied_time = $3 WHERE name = $1', [
    name,
    String(height),
    time,
  ]);
}

/** Module versions gathered for a batch's end. */
export class ModuleVersionRows {
  private readonly rows: SqlValue[][] = [];

  add(name: string, height: bigint, version: string): void {
    this.rows.push([name, String(height), version]);
  }

  async flush(tx: SqlExecutor): Promise<void> {
    await insertRows(tx, MODULE_VERSIONS, this.rows.splice(0), { conflict: 'ON CONFLICT DO NOTHING' });
  }
}

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
