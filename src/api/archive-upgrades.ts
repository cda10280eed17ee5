import * as v from 'valibot';

import { ARCHIVE, getArchiveJson, text, type Options } from './archive.ts';

// The archive's upgrade history, apart from the rest of the archive API: only the upgrades page
// reads it, so its schemas load with that page and not with every page's first script.

/** What scheduled or cancelled a plan: an x/gov proposal, a group proposal, or a transaction. */
const planSource = v.optional(v.nullable(v.object({ kind: v.picklist(['gov', 'group', 'tx']), id: v.string() })), null);

const plan = v.object({
  name: v.string(),
  height: v.string(),
  info: v.string(),
  scheduled_at_height: v.nullable(v.string()),
  scheduled_by: planSource,
  applied_height: v.nullable(v.string()),
  applied_time: text,
  cancelled_at_height: v.optional(v.nullable(v.string()), null),
  cancelled_by: planSource,
});

const upgrades = v.object({
  applied: v.array(plan),
  scheduled: v.nullable(plan),
  cancelled: v.optional(v.array(plan), []),
  module_versions: v.array(v.object({ name: v.string(), version: v.string(), since_height: v.string() })),
  module_version_changes: v.array(v.object({ name: v.string(), version: v.string(), height: v.string() })),
});

export type ArchiveUpgrades = v.InferOutput<typeof upgrades>;

export const getArchiveUpgrades = (endpoint: string, options: Options = {}) =>
  getArchiveJson(endpoint, `${ARCHIVE}/upgrades`, upgrades, options).then(({ data }) => data);
