import type { Row } from '../store/keyset-page.ts';
import type { LiveTally } from '../store/proposals/live-tallies.ts';

// Rows → the archive API's JSON: snake_case, uint64 and decimals as strings, the node's own
// record fields where the archive keeps them.

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

export function proposalJson(row: Row) {
  return {
    id: text(row.id),
    group_id: text(row.group_id),
    group_name: text(row.group_name) ?? '',
    group_policy_address: text(row.policy_address),
    policy_name: text(row.policy_name) ?? '',
    proposers: JSON.parse(String(row.proposers)) as string[],
    metadata: text(row.metadata),
    title: text(row.title),
    summary: text(row.summary),
    messages: JSON.parse(String(row.messages)) as unknown[],
    submit_time: text(row.submit_time),
    voting_period_end: text(row.voting_period_end),
    group_version: text(row.group_version),
    group_policy_version: text(row.group_policy_version),
    status: text(row.status),
    executor_result: text(row.executor_result),
    final_tally_result: JSON.parse(String(row.final_tally)) as Record<string, string>,
    /** Whether the node still stores it (false: pruned from the chain, kept by the archive). */
    on_chain: row.on_chain === true,
    pruned_height: text(row.pruned_height),
    known_from_height: text(row.known_from),
    last_seen_height: text(row.last_height),
  };
}

/** A list row with its live tally, where it is open (the field is left out otherwise). */
export function withLiveTally<T extends object>(
  json: T,
  live: LiveTally | undefined,
): T | (T & { live_tally: LiveTally }) {
  return live ? { ...json, live_tally: live } : json;
}

export function voteJson(row: Row) {
  return {
    proposal_id: text(row.proposal_id),
    voter: text(row.voter),
    option: text(row.option),
    metadata: text(row.metadata),
    submit_time: text(row.submit_time),
    /** The height the archive saw the vote at (the bootstrap height for votes it found stored). */
    observed_height: text(row.height),
    /** The voter's weight when the proposal was tallied; null while open or when it did not count. */
    weight: text(row.weight),
    pruned_from_chain: row.on_chain === false || row.votes_pruned === true,
    /** The transaction that cast it (null: the archive found it stored, e.g. when it began). */
    tx_hash: text(row.tx_hash),
  };
}

export const timelineJson = (row: Row) => ({
  height: text(row.height),
  time: text(row.block_time),
  kind: text(row.kind),
  status: text(row.status),
  detail: row.detail === null || row.detail === undefined ? null : (JSON.parse(String(row.detail)) as unknown),
  /** The transaction that submitted or executed the proposal (null for other events, or not read). */
  tx_hash: text(row.tx_hash),
});

/** A member as the archive holds it now (every column is kept, none is null). */
export const memberJson = (row: Row) => ({
  group_id: String(row.group_id),
  address: String(row.address),
  weight: String(row.weight),
  metadata: String(row.metadata),
  added_at: String(row.added_at),
});

export const groupHistoryJson = (row: Row) => ({
  group_id: text(row.group_id),
  height: text(row.height),
  time: text(row.block_time),
  kind: text(row.kind),
  address: text(row.address),
  old_value: text(row.old_value),
  new_value: text(row.new_value),
});

/** `gov:7` → `{ kind: 'gov', id: '7' }`: what scheduled or cancelled a plan. */
function planSource(value: unknown) {
  const source = text(value);
  if (source === null) return null;
  const colon = source.indexOf(':');
  return { kind: source.slice(0, colon), id: source.slice(colon + 1) };
}

const plan = (row: Row) => ({
  name: String(row.name),
  height: String(row.height),
  info: String(row.info),
  scheduled_at_height: text(row.scheduled_height),
  /** The gov proposal, group proposal or transaction that scheduled it (null: before the archive). */
  scheduled_by: planSource(row.scheduled_by),
  applied_height: text(row.applied_height),
  applied_time: text(row.applied_time),
  cancelled_at_height: text(row.cancelled_height),
  cancelled_by: planSource(row.cancelled_by),
});

/** Plans applied and the one still scheduled; module versions now (since when) and every change. */
export function upgradesJson(plans: readonly Row[], changes: readonly Row[]) {
  const current = new Map<string, { name: string; version: string; since_height: string }>();
  for (const change of changes) {
    const before = current.get(String(change.name));
    if (!before || before.version !== change.version) {
      current.set(String(change.name), {
        name: String(change.name),
        version: String(change.version),
        since_height: String(change.height),
      });
    }
  }
  return {
    applied: plans.filter((row) => row.applied_height !== null).map(plan),
    scheduled: plans.filter((row) => row.applied_height === null && row.cancelled_height === null).map(plan)[0] ?? null,
    cancelled: plans.filter((row) => row.applied_height === null && row.cancelled_height !== null).map(plan),
    module_versions: [...current.values()].sort((a, b) => (a.name < b.name ? -1 : 1)),
    module_version_changes: changes.map((row) => ({
      name: String(row.name),
      version: String(row.version),
      height: String(row.height),
    })),
  };
}
