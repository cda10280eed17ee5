import type { SqlExecutor } from '../db/sql-database.ts';

// What happened between two archived heights, as the archive stored it: the facts webhook events
// are made from. Read from the tables (never from the follower's memory), so they are the same
// whichever process archived them, and again after a restart.

export interface TimelineFact {
  proposalId: string;
  height: string;
  seq: number;
  time: string;
  kind: string;
  status: string | null;
  detail: string | null;
  title: string;
  groupId: string;
  policyAddress: string;
  /** The proposal's final tally as the archive holds it now (the node's JSON). */
  finalTally: string;
  /** For a prune: whether the archive recorded the status it was pruned with before (a decision). */
  statusRecorded: boolean;
}

export interface VoteFact {
  proposalId: string;
  voter: string;
  option: string;
  metadata: string;
  time: string;
  height: string;
  title: string;
  groupId: string;
}

export interface GroupFact {
  groupId: string;
  groupName: string;
  height: string;
  seq: number;
  time: string;
  kind: string;
  address: string | null;
  oldValue: string | null;
  newValue: string | null;
}

/** An upgrade plan as it stands (one row per plan name, changed in place). */
export interface PlanState {
  name: string;
  height: string;
  info: string;
  scheduledHeight: string | null;
  scheduledBy: string | null;
  cancelledHeight: string | null;
  cancelledBy: string | null;
  appliedHeight: string | null;
  appliedTime: string | null;
}

export interface StoredFacts {
  chainId: string;
  timeline: TimelineFact[];
  votes: VoteFact[];
  groupChanges: GroupFact[];
  /** The plans when events were last made, and now. */
  plansBefore: PlanState[];
  plansNow: PlanState[];
}

// Bootstrap entries describe what was already there when the archive began, not something that
// happened: they make no events.
const NOT_EVENTS = {
  timeline: `'first_seen'`,
  group: `'known', 'member_known'`,
};

/** Timeline entries, votes and group changes with a height in (after, upTo]. */
export async function readFactsBetween(
  tx: SqlExecutor,
  after: bigint,
  upTo: bigint,
): Promise<Pick<StoredFacts, 'timeline' | 'votes' | 'groupChanges'>> {
  const range = [String(after), String(upTo)];
  const timeline = await tx.query<TimelineFact & Record<string, unknown>>(
    `SELECT t.proposal_id::text AS "proposalId", t.height::text AS height, t.seq, t.block_time AS time, t.kind,
       t.status, t.detail, p.title, p.group_id::text AS "groupId", p.policy_address AS "policyAddress",
       p.final_tally AS "finalTally",
       EXISTS (SELECT 1 FROM proposal_timeline d WHERE d.proposal_id = t.proposal_id
         AND d.kind IN ('voting_ended', 'status') AND d.status = t.status) AS "statusRecorded"
     FROM proposal_timeline t JOIN proposals p ON p.id = t.proposal_id
     WHERE t.height > $1::numeric AND t.height <= $2::numeric AND t.kind NOT IN (${NOT_EVENTS.timeline})`,
    range,
  );
  const votes = await tx.query<VoteFact & Record<string, unknown>>(
    `SELECT v.proposal_id::text AS "proposalId", v.voter, v.option, v.metadata, v.submit_time AS time,
       v.height::text AS height, p.title, p.group_id::text AS "groupId"
     FROM votes v JOIN proposals p ON p.id = v.proposal_id
     WHERE v.height > $1::numeric AND v.height <= $2::numeric`,
    range,
  );
  const groupChanges = await tx.query<GroupFact & Record<string, unknown>>(
    `SELECT h.group_id::text AS "groupId", COALESCE(g.name, '') AS "groupName", h.height::text AS height, h.seq,
       h.block_time AS time, h.kind, h.address, h.old_value AS "oldValue", h.new_value AS "newValue"
     FROM group_history h LEFT JOIN groups g ON g.id = h.group_id
     WHERE h.height > $1::numeric AND h.height <= $2::numeric AND h.kind NOT IN (${NOT_EVENTS.group})`,
    range,
  );
  return { timeline, votes, groupChanges };
}

/** Every upgrade plan the archive holds (a handful: read whole). */
export function readPlanStates(tx: SqlExecutor): Promise<PlanState[]> {
  return tx.query<PlanState & Record<string, unknown>>(
    `SELECT name, height::text AS height, info, scheduled_height::text AS "scheduledHeight",
       scheduled_by AS "scheduledBy", cancelled_height::text AS "cancelledHeight", cancelled_by AS "cancelledBy",
       applied_height::text AS "appliedHeight", applied_time AS "appliedTime"
     FROM upgrades ORDER BY name`,
  );
}
