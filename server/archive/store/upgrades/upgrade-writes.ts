import type { PlanSource } from '../../vocabulary.ts';
import type { SqlExecutor, SqlValue } from '../db/sql-database.ts';
import { columnArrays, inRounds, insertRows } from '../table.ts';
import { MODULE_VERSIONS, type Plan } from './upgrade-tables.ts';

// Plans as the blocks changed them, and module versions, written at a batch's end.

type PlanChange =
  | { kind: 'scheduled'; name: string; plan: Plan; height: bigint; source: PlanSource | null }
  | { kind: 'cancelled'; name: string; height: bigint; source: PlanSource | null }
  | { kind: 'applied'; name: string; height: bigint; time: string | null };

/**
 * Plans scheduled, cancelled and applied in a batch, in block order, written at its end. Each
 * change touches only its plan's row, so the batch's first change of every plan goes in one
 * statement per kind, then the second of every plan, and so on: a plan's changes keep their order.
 */
export class PlanChangeRows {
  private readonly changes: PlanChange[] = [];

  /** A plan as scheduled at `height` (a plan of the same name scheduled again is replaced). */
  scheduled(plan: Plan, height: bigint, source: PlanSource | null): void {
    this.changes.push({ kind: 'scheduled', name: plan.name, plan, height, source });
  }

  /** A plan cancelled (or replaced by another) at `height`, before it was applied. */
  cancelled(name: string, height: bigint, source: PlanSource | null): void {
    this.changes.push({ kind: 'cancelled', name, height, source });
  }

  /** A plan applied at `height`, at `time` when that is known. */
  applied(name: string, height: bigint, time: string | null): void {
    this.changes.push({ kind: 'applied', name, height, time });
  }

  async flush(tx: SqlExecutor): Promise<void> {
    for (const round of inRounds(this.changes.splice(0), (change) => change.name)) await writeRound(tx, round);
  }
}

/** Changes to as many different plans. */
async function writeRound(tx: SqlExecutor, round: readonly PlanChange[]): Promise<void> {
  const ofKind = <K extends PlanChange['kind']>(kind: K) =>
    round.filter((change): change is Extract<PlanChange, { kind: K }> => change.kind === kind);
  const [scheduled, cancelled, applied] = [ofKind('scheduled'), ofKind('cancelled'), ofKind('applied')];
  const name = (change: PlanChange) => change.name;
  const height = (change: PlanChange) => String(change.height);
  // A reading older than the one stored changes nothing.
  if (scheduled.length > 0)
    await tx.query(
      `INSERT INTO upgrades (name, height, info, scheduled_height, scheduled_by)
       SELECT * FROM unnest($1::text[], $2::numeric[], $3::text[], $4::numeric[], $5::text[])
       ON CONFLICT (name) DO UPDATE SET height = excluded.height, info = excluded.info,
         scheduled_height = excluded.scheduled_height, scheduled_by = excluded.scheduled_by,
         cancelled_height = NULL, cancelled_by = NULL
       WHERE upgrades.scheduled_height IS NULL OR upgrades.scheduled_height <= excluded.scheduled_height`,
      columnArrays(
        scheduled,
        name,
        (change) => change.plan.height,
        (change) => change.plan.info,
        height,
        (change) => change.source,
      ),
    );
  if (cancelled.length > 0)
    await tx.query(
      `UPDATE upgrades SET cancelled_height = change.height, cancelled_by = change.source
       FROM unnest($1::text[], $2::numeric[], $3::text[]) AS change (name, height, source)
       WHERE upgrades.name = change.name AND upgrades.applied_height IS NULL
         AND (upgrades.scheduled_height IS NULL OR upgrades.scheduled_height <= change.height)`,
      columnArrays(cancelled, name, height, (change) => change.source),
    );
  if (applied.length > 0)
    await tx.query(
      `UPDATE upgrades SET applied_height = change.height, applied_time = change.time
       FROM unnest($1::text[], $2::numeric[], $3::text[]) AS change (name, height, time)
       WHERE upgrades.name = change.name`,
      columnArrays(applied, name, height, (change) => change.time),
    );
}

/** One plan scheduled at `height`, written at once (see PlanChangeRows). */
export async function schedulePlan(tx: SqlExecutor, plan: Plan, height: bigint, source: PlanSource | null) {
  const changes = new PlanChangeRows();
  changes.scheduled(plan, height, source);
  await changes.flush(tx);
}

/** A plan found already scheduled when the archive began (when it was scheduled is unknown). */
export async function knowPlan(tx: SqlExecutor, plan: Plan): Promise<void> {
  await tx.query('INSERT INTO upgrades (name, height, info) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
    plan.name,
    plan.height,
    plan.info,
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
