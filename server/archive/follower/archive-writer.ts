import type { SqlExecutor } from '../db/sql-database.ts';
import type { NodeGroup, NodeMember, NodePolicy, NodeProposal } from '../node/rest-reader.ts';
import { GROUP_MEMBERS, insertRows, type PendingRows } from './pending-rows.ts';

// Writes of one block, inside its transaction. Every write is an upsert or an insert keyed by
// what it describes, so processing a block twice changes nothing.

/** Fixed order of a proposal's timeline entries within one height. */
export const TIMELINE_SEQ = {
  first_seen: 0,
  submitted: 1,
  voting_ended: 2,
  status: 3,
  executed: 4,
  pruned: 5,
} as const;
export type TimelineKind = keyof typeof TIMELINE_SEQ;

/** The `name` of a metadata JSON object, as group and policy metadata usually carry it. */
export function nameOf(metadata: string): string {
  try {
    const parsed: unknown = JSON.parse(metadata);
    if (parsed && typeof parsed === 'object' && 'name' in parsed && typeof parsed.name === 'string') return parsed.name;
  } catch {
    // plain text metadata has no name
  }
  return '';
}

export function timeline(
  pending: PendingRows,
  proposalId: string,
  height: bigint,
  time: string,
  kind: TimelineKind,
  status: string | null,
  detail: string | null = null,
): void {
  pending.timelineEntry([proposalId, height, TIMELINE_SEQ[kind], time, kind, status, detail]);
}

/** Stores a group and its members as read at `height`, recording what changed since. */
export async function writeGroup(
  tx: SqlExecutor,
  pending: PendingRows,
  group: NodeGroup,
  members: NodeMember[],
  height: bigint,
  time: string,
  bootstrap: boolean,
): Promise<void> {
  const previous = (
    await tx.query<{ admin: string; metadata: string }>('SELECT admin, metadata FROM groups WHERE id = $1', [group.id])
  )[0];
  const history: [string, string | null, string | null, string | null][] = [];
  if (!previous) history.push([bootstrap ? 'known' : 'created', null, null, group.admin]);
  else {
    if (previous.admin !== group.admin) history.push(['admin_changed', null, previous.admin, group.admin]);
    if (previous.metadata !== group.metadata)
      history.push(['metadata_changed', null, previous.metadata, group.metadata]);
  }
  const before = new Map(
    (
      await tx.query<{ address: string; weight: string }>(
        'SELECT address, weight FROM group_members WHERE group_id = $1',
        [group.id],
      )
    ).map((row) => [row.address, row.weight]),
  );
  const after = new Map(members.map((member) => [member.address, member]));
  for (const member of members) {
    const old = before.get(member.address);
    if (old === undefined)
      history.push([previous || !bootstrap ? 'member_added' : 'member_known', member.address, null, member.weight]);
    else if (old !== member.weight) history.push(['weight_changed', member.address, old, member.weight]);
  }
  for (const [address, weight] of before) {
    if (!after.has(address)) history.push(['member_removed', address, weight, null]);
  }
  await tx.query(
    `INSERT INTO groups (id, admin, metadata, name, version, total_weight, created_at, known_from, updated_height)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $8::numeric)
     ON CONFLICT (id) DO UPDATE SET admin = excluded.admin, metadata = excluded.metadata, name = excluded.name,
       version = excluded.version, total_weight = excluded.total_weight, updated_height = excluded.updated_height`,
    [
      group.id,
      group.admin,
      group.metadata,
      nameOf(group.metadata),
      group.version,
      group.total_weight,
      group.created_at,
      String(height),
    ],
  );
  for (const [address] of before) {
    if (!after.has(address))
      await tx.query('DELETE FROM group_members WHERE group_id = $1 AND address = $2', [group.id, address]);
  }
  const changed = members.filter((member) => before.get(member.address) !== member.weight);
  // Addresses are unique within a group, so one upsert statement can carry them all.
  await insertRows(
    tx,
    GROUP_MEMBERS,
    changed.map((member) => [group.id, member.address, member.weight, member.weight, member.metadata, member.added_at]),
  );
  for (const [seq, change] of history.entries()) pending.groupEvent(group.id, height, seq, time, change);
}

export async function writePolicy(tx: SqlExecutor, policy: NodePolicy, height: bigint): Promise<void> {
  await tx.query(
    `INSERT INTO policies (address, group_id, admin, metadata, name, version, decision_policy, created_at, updated_height)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (address) DO UPDATE SET admin = excluded.admin, metadata = excluded.metadata, name = excluded.name,
       version = excluded.version, decision_policy = excluded.decision_policy, updated_height = excluded.updated_height`,
    [
      policy.address,
      policy.group_id,
      policy.admin,
      policy.metadata,
      nameOf(policy.metadata),
      policy.version,
      JSON.stringify(policy.decision_policy),
      policy.created_at,
      String(height),
    ],
  );
}

/** What the archive holds of a proposal that a newer read can change. */
export interface ProposalState {
  status: string;
  executorResult: string;
  finalTally: string;
  onChain: boolean;
}

/**
 * The stored state of the proposals a batch touches, read in one statement, then kept in step
 * with what the batch writes: a proposal read again unchanged costs no statement.
 */
export async function loadProposalStates(
  tx: SqlExecutor,
  ids: readonly string[],
): Promise<Map<string, ProposalState | null>> {
  const states = new Map<string, ProposalState | null>(ids.map((id) => [id, null]));
  for (let start = 0; start < ids.length; start += 5000) {
    const slice = ids.slice(start, start + 5000);
    const rows = await tx.query<{
      id: string;
      status: string;
      executor_result: string;
      final_tally: string;
      on_chain: boolean;
    }>(
      `SELECT id::text AS id, status, executor_result, final_tally, on_chain FROM proposals
       WHERE id IN (${slice.map((_, index) => `$${index + 1}::numeric`).join(', ')})`,
      slice,
    );
    for (const row of rows)
      states.set(row.id, {
        status: row.status,
        executorResult: row.executor_result,
        finalTally: row.final_tally,
        onChain: row.on_chain,
      });
  }
  return states;
}

/**
 * Stores the latest known record of a proposal (as the node showed it at `height`; `last_height`
 * is the height of the last change the archive saw, written with the batch's rows) and returns the status the archive held
 * before (null: the archive did not know it). `states` holds what is stored; it is updated here.
 */
export function writeProposal(
  pending: PendingRows,
  states: Map<string, ProposalState | null>,
  proposal: NodeProposal,
  groupId: string,
  height: bigint,
  onChain: boolean,
): string | null {
  const next: ProposalState = {
    status: proposal.status,
    executorResult: proposal.executor_result,
    finalTally: JSON.stringify(proposal.final_tally_result),
    onChain,
  };
  const stored = states.get(proposal.id) ?? null;
  if (
    stored &&
    stored.status === next.status &&
    stored.executorResult === next.executorResult &&
    stored.finalTally === next.finalTally &&
    stored.onChain === next.onChain
  )
    return stored.status;
  pending.proposal({
    id: proposal.id,
    groupId,
    policyAddress: proposal.group_policy_address,
    proposers: JSON.stringify(proposal.proposers),
    metadata: proposal.metadata,
    title: proposal.title,
    summary: proposal.summary,
    messages: JSON.stringify(proposal.messages),
    submitTime: proposal.submit_time,
    votingPeriodEnd: proposal.voting_period_end,
    groupVersion: proposal.group_version,
    groupPolicyVersion: proposal.group_policy_version,
    status: next.status,
    executorResult: next.executorResult,
    finalTally: next.finalTally,
    onChain,
    height,
  });
  states.set(proposal.id, next);
  if (stored === null) for (const proposer of proposal.proposers) pending.proposer(proposal.id, proposer);
  return stored?.status ?? null;
}

/**
 * Gives the votes of tallied proposals the weight each counted with: the voter's weight in the
 * group at the tally's height, which is what the archive holds when this runs (a voter who had
 * left counts nothing, so gets none). One statement for all of a batch's proposals; rows already
 * holding that weight are left alone.
 */
export async function settleVoteWeights(tx: SqlExecutor, proposalIds: readonly string[]): Promise<void> {
  if (proposalIds.length === 0) return;
  // One primary-key probe per vote, written as scalar subqueries so no plan can instead read
  // the whole membership of a large group for a proposal with a handful of votes.
  const member = (column: string) =>
    `(SELECT m.${column} FROM group_members m WHERE m.group_id = (SELECT p.group_id FROM proposals p WHERE p.id = v.proposal_id)
       AND m.address = v.voter)`;
  await tx.query(
    `UPDATE votes SET weight = counted.weight, weight_value = counted.weight_value
     FROM (SELECT v.proposal_id, v.voter, ${member('weight')} AS weight, ${member('weight_value')} AS weight_value
           FROM votes v WHERE v.proposal_id = ANY($1::numeric[])) counted
     WHERE votes.proposal_id = counted.proposal_id AND votes.voter = counted.voter
       AND votes.weight IS DISTINCT FROM counted.weight`,
    [`{${proposalIds.join(',')}}`],
  );
}

export async function setCursor(tx: SqlExecutor, height: bigint, hash: string, time: string): Promise<void> {
  await tx.query(
    `INSERT INTO archive_cursor (singleton, height, block_hash, block_time) VALUES (true, $1, $2, $3)
     ON CONFLICT (singleton) DO UPDATE SET height = excluded.height, block_hash = excluded.block_hash, block_time = excluded.block_time`,
    [String(height), hash, time],
  );
}

/** Heights the archive did not observe; a gap right after an earlier one with the same reason extends it. */
export async function recordGap(tx: SqlExecutor, from: bigint, to: bigint, reason: string): Promise<void> {
  const extended = await tx.query(
    `UPDATE archive_gaps SET to_height = $2 WHERE to_height = $1::numeric - 1 AND reason LIKE $3 RETURNING from_height`,
    [String(from), String(to), reason.replace(/\d+/g, '%')],
  );
  if (extended.length > 0) return;
  await tx.query(
    `INSERT INTO archive_gaps (from_height, to_height, reason) VALUES ($1, $2, $3)
     ON CONFLICT (from_height) DO UPDATE SET to_height = GREATEST(archive_gaps.to_height, excluded.to_height)`,
    [String(from), String(to), reason],
  );
}
