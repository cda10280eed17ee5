import { column, type Table } from '../table.ts';

// Upgrade plans (scheduled, cancelled and applied) and the module versions seen at each height.

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
  history: true,
};

export const MODULE_VERSIONS: Table = {
  name: 'module_versions',
  columns: [column('name', 'text'), column('height', 'numeric(20)'), column('version', 'numeric(20)')],
  primaryKey: ['name', 'height'],
  history: true,
};

export interface Plan {
  name: string;
  height: string;
  info: string;
}
